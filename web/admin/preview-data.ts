// What a preview needs done to an entry's data before the site's components draw
// it: the same transformation the build applies to the content module.
type Data = Record<string, unknown>;

/** The entry's data as the build's content module would hold it. */
export function prepareForPreview(file: string, data: unknown): Data {
  return structuredClone(data) as Data;
}
