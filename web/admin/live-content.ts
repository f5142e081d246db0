// The editor's previews draw an entry with the site's own components. Those read
// their content from the JSON modules of content/ (through src/lib), often as
// references taken at module load (`vacancies = careers.vacancies`). So a preview
// does not swap the module for the entry's data: it rewrites the module's object
// in place, keeping every object and array the site's modules already hold.

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Makes `target` deep-equal to `source`, reusing target's objects and arrays
 * where both sides have one (so references into target stay live).
 */
export function replaceInPlace(target: Record<string, unknown> | unknown[], source: unknown): void {
  if (Array.isArray(target)) {
    if (!Array.isArray(source))
      throw new TypeError("replaceInPlace: array replaced by a non-array");
    target.length = source.length;
    source.forEach((value, i) => {
      target[i] = merged(target[i], value);
    });
    return;
  }
  if (!isObject(source)) throw new TypeError("replaceInPlace: object replaced by a non-object");
  for (const key of Object.keys(target)) {
    if (!Object.hasOwn(source, key)) delete target[key];
  }
  for (const [key, value] of Object.entries(source)) {
    target[key] = merged(target[key], value);
  }
}

function merged(current: unknown, next: unknown): unknown {
  if (Array.isArray(current) && Array.isArray(next)) {
    replaceInPlace(current, next);
    return current;
  }
  if (isObject(current) && isObject(next)) {
    replaceInPlace(current, next);
    return current;
  }
  return structuredClone(next);
}
