// The content rules that span more than one value: a value that must be unique
// in its list (a vacancy's slug, an employee's id), a value that must be one of
// a list in another content file (a vacancy's office, an employee's teams and
// location), a date that must not come before another. The schemas name them
// with the `editor` annotation (`unique`, `options`, `notBefore`;
// lib/content-schema.mjs declares it) and this module says what each rule
// means, in the words staff read: the build (content-checks/rules.mjs) and the
// editor (admin/rule-control.tsx) both call it, so they cannot disagree.
// Plain module, no Node built-ins: it runs in the editor too.

/**
 * Where a field's choices come from: the list `list` (a top-level key) of the
 * content file `file` ("site" for content/site.json), or the entries of the
 * folder `folder` (content/people/*.json) in their order; of each entry,
 * `value` is stored and `label` shown (both omitted for a list of plain texts).
 * @typedef {{ file?: string, list?: string, folder?: string, value?: string, label?: string, what: string }} OptionsSource
 * @typedef {{ value: string | number, label: string }} Option
 */

/**
 * A folder's entries in their stored order (their `order`), from the content
 * files by path ("people/anna-de-vries.json").
 * @param {Record<string, any>} files
 * @param {string} folder
 * @returns {any[]}
 */
export function entriesOf(files, folder) {
  return Object.entries(files)
    .filter(([path]) => path.startsWith(`${folder}/`))
    .map(([, data]) => data)
    .sort((a, b) => a.order - b.order);
}

/** Where staff find a source's choices, for a message: "content/site.json, offices". */
function sourcePlace(/** @type {OptionsSource} */ source) {
  return source.folder
    ? `content/${source.folder}/`
    : `content/${source.file}.json, ${source.list}`;
}

/**
 * The choices of a field, from the content files (by name: "site"; a
 * folder's entries by path: "people/anna-de-vries.json").
 * @param {OptionsSource} source
 * @param {Record<string, any>} files
 * @returns {Option[]}
 */
export function optionsFrom(source, files) {
  const list = source.folder
    ? entriesOf(files, source.folder)
    : files[source.file ?? ""]?.[source.list ?? ""];
  if (!Array.isArray(list)) {
    throw new Error(`${sourcePlace(source)} has no list to choose from`);
  }
  return list.map((item) =>
    source.value === undefined
      ? { value: item, label: String(item) }
      : {
          value: item[source.value],
          label: String(item[source.label ?? source.value]),
        },
  );
}

/** "a, b or c" */
function either(/** @type {string[]} */ words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

/**
 * Why a value is not one of its field's choices, or undefined when it is.
 * @param {unknown} value
 * @param {Option[]} options
 * @param {OptionsSource} source
 */
export function optionProblem(value, options, source) {
  if (value === undefined || value === "") return undefined;
  if (options.some((o) => o.value === value)) return undefined;
  const shown = options.map((o) =>
    o.label === String(o.value) ? o.label : `${o.label} (${o.value})`,
  );
  return `"${value}" is not one of the ${source.what}: choose ${either(shown)} from the list (${source.what} are listed in ${sourcePlace(source)}).`;
}

/**
 * A free value for a field that must be unique: the next number after the
 * highest in use, or the text with "-2", "-3"... added.
 * @param {unknown} value
 * @param {unknown[]} taken
 */
export function freeValue(value, taken) {
  if (typeof value === "number") {
    return Math.max(0, ...taken.filter((t) => typeof t === "number")) + 1;
  }
  for (let n = 2; ; n++) {
    const candidate = `${String(value)}-${n}`;
    if (!taken.includes(candidate)) return candidate;
  }
}

/** The id the editor gives a new entry: one more than the highest in the list (1 for an empty one). */
export function nextId(/** @type {unknown[]} */ taken) {
  return /** @type {number} */ (freeValue(0, taken));
}

/**
 * Why a value must change because another entry of its list has it, or undefined.
 * @param {string} fieldLabel "Slug"
 * @param {unknown} value
 * @param {unknown[]} others the same field of the list's other entries
 * @param {string} entryWord "vacancy"
 */
export function duplicateProblem(fieldLabel, value, others, entryWord) {
  if (value === undefined || value === "" || !others.includes(value)) return undefined;
  const shown = (/** @type {unknown} */ v) => (typeof v === "string" ? `"${v}"` : String(v));
  return `Another ${entryWord} already has the ${fieldLabel.toLowerCase()} ${shown(value)}: each ${entryWord} needs its own, e.g. ${shown(freeValue(value, others))}.`;
}

/**
 * Why a date comes before the date it may not precede, or undefined.
 * @param {unknown} value "2026-01-31"
 * @param {unknown} earliest "2026-02-01"
 * @param {string} fieldLabel "Valid through"
 * @param {string} earliestLabel "Date posted"
 */
export function datePairProblem(value, earliest, fieldLabel, earliestLabel) {
  if (typeof value !== "string" || typeof earliest !== "string" || value === "") return undefined;
  if (value >= earliest) return undefined;
  return `${fieldLabel} (${value}) is before ${earliestLabel.toLowerCase()} (${earliest}): choose ${earliest} or a later date, or leave it empty.`;
}

/** Whether a text is there but only spaces or line breaks. */
export function isBlank(/** @type {unknown} */ value) {
  return typeof value === "string" && value.length > 0 && value.trim() === "";
}

/** "/vacancies/3/slug" -> "/vacancies/*\/slug": the field a rule is about, whatever its entry. */
export function fieldPattern(/** @type {string} */ path) {
  return path.replace(/\/[0-9]+(?=\/|$)/g, "/*");
}

/**
 * The field as errors name it: its JSON Pointer, and for a field inside a
 * list entry with an `id` and a `name` (an employee, a partner) that entry too,
 * e.g. "/employees/1/image (id 7, Eva Brouwer)".
 * @param {unknown} data
 * @param {string} path
 */
export function describeField(data, path) {
  const keys = path.split("/").slice(1);
  /** @type {string | undefined} */
  let record;
  /** @type {unknown} */
  let cur = data;
  for (const key of keys) {
    if (cur === null || typeof cur !== "object") break;
    const next = /** @type {Record<string, unknown>} */ (cur)[key];
    if (Array.isArray(cur) && next && typeof next === "object") {
      const { id, name } = /** @type {Record<string, unknown>} */ (next);
      if (id !== undefined && typeof name === "string") record = `id ${id}, ${name}`;
    }
    cur = next;
  }
  return record ? `${path} (${record})` : path;
}
