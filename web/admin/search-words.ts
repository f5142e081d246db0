// What Find a person (./list-search.tsx) matches an entry by: the words staff
// see as its values (a name, a job title, an office or team by its name, an
// e-mail address), not the form around them. Read from the entry's data, so a
// field's label or hint ("Required.", "Portrait ...") never matches,
// and long texts and file names are left out: they are not what a person is
// looked up by.

/** A list entry's field as its configuration says (admin/config.mjs). */
export interface SearchField {
  name: string;
  widget?: string;
  options?: { value: unknown; label: string }[];
}

/** Widgets whose values are not what an entry is found by. */
const NOT_SEARCHED = new Set(["text", "markdown", "image", "file", "hidden", "assigned-id"]);

/** The words an entry is found by, lower-case, one string. */
export function searchWords(entry: Record<string, unknown>, fields: SearchField[]): string {
  const words: string[] = [];
  for (const field of fields) {
    if (NOT_SEARCHED.has(field.widget ?? "string")) continue;
    const value = entry[field.name];
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === undefined || v === null || v === "") continue;
      const option = field.options?.find((o) => o.value === v);
      words.push(option ? option.label : String(v));
    }
  }
  return words.join(" ").toLowerCase();
}
