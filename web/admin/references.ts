// Deleting an entry that a page picks (the person quoted on Who we are) would
// leave the page's choice naming nothing, and the build would fail. The editor
// refuses such a deletion before anything is written, naming the page and the
// field to change first. The places are the fields whose choices are a
// folder's entries (admin/config.mjs, from the schemas' editor.options); their
// values are read from the pages as published, not as the editor was built.
import type { OptionsSource } from "../scripts/content-rules.mjs";

interface Field {
  name: string;
  label?: string;
  fields?: Field[];
  options_from?: OptionsSource;
}

interface Collection {
  name: string;
  files?: { name: string; label?: string; fields: Field[] }[];
}

/** A field of a page that picks an entry of a folder. */
export interface Reference {
  /** The folder whose entries it picks ("people"). */
  folder: string;
  /** The page's collection and file in the editor ("pages", "people"). */
  collection: string;
  file: string;
  /** The page as staff know it ("Who we are"). */
  page: string;
  /** Field names from the file's root; lists on the way are looked through. */
  path: string[];
  /** The field's labels from the root, "DNA > Quote by". */
  field: string;
  source: OptionsSource & { folder: string };
}

/** Every field of a page (a file collection's file) that picks an entry of a folder. */
export function referencesOf(collections: Collection[]): Reference[] {
  const out: Reference[] = [];
  const walk = (
    fields: Field[],
    path: string[],
    labels: string[],
    at: Omit<Reference, "folder" | "path" | "field" | "source">,
  ) => {
    for (const f of fields) {
      const here = [...path, f.name];
      const named = [...labels, f.label ?? f.name];
      const source = f.options_from;
      if (source?.folder) {
        out.push({
          ...at,
          folder: source.folder,
          path: here,
          field: named.join(" > "),
          source: { ...source, folder: source.folder },
        });
      }
      if (f.fields) walk(f.fields, here, named, at);
    }
  };
  for (const c of collections) {
    for (const file of c.files ?? []) {
      walk(file.fields, [], [], {
        collection: c.name,
        file: file.name,
        page: file.label ?? file.name,
      });
    }
  }
  return out;
}

/** The values at `path` in `data`, looking through lists at any step and at the end. */
export function valuesAt(data: unknown, path: string[]): unknown[] {
  if (Array.isArray(data)) return data.flatMap((item) => valuesAt(item, path));
  if (path.length === 0) return [data];
  if (!data || typeof data !== "object") return [];
  return valuesAt((data as Record<string, unknown>)[path[0]!], path.slice(1));
}

/**
 * Why the entry of `folder` cannot be deleted: the first page that picks it,
 * or undefined. `published` reads a page's data as published.
 */
export async function deletionProblem(
  folder: string,
  entry: Record<string, unknown>,
  references: Reference[],
  published: (collection: string, file: string) => Promise<unknown>,
): Promise<string | undefined> {
  for (const ref of references.filter((r) => r.folder === folder)) {
    const value = ref.source.value === undefined ? entry : entry[ref.source.value];
    const chosen = valuesAt(await published(ref.collection, ref.file), ref.path);
    if (!chosen.includes(value)) continue;
    const name = String(entry[ref.source.label ?? ref.source.value ?? ""] ?? value);
    return `${name} is chosen in ${ref.field} on ${ref.page}: choose another there first, then delete.`;
  }
  return undefined;
}
