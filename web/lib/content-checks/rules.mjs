// The rules the schemas name with their `editor` annotation and that span
// more than one value (lib/content-rules.mjs): unique in a list, one of a
// list in another file, a date not before another. The editor checks the same
// annotations with the same module before a save (admin/rule-control.tsx), so
// what the build refuses here the editor has already refused on the field.
import {
  datePairProblem,
  describeField,
  duplicateProblem,
  fieldPattern,
  optionProblem,
  optionsFrom,
} from "../content-rules.mjs";

/** "/vacancies/3/slug" -> "slug" */
const lastKey = (/** @type {string} */ path) => path.slice(path.lastIndexOf("/") + 1);

/** "datePosted" -> "date posted" */
const words = (/** @type {string} */ key) => key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

/** @type {import("../validate-content.mjs").ContentCheck} */
export function check(files, _dir, annotated) {
  /** @type {import("../validate-content.mjs").ContentError[]} */
  const errors = [];
  /** The content files by name ("site"), as the options sources name them, and the entries by path. */
  const byName = Object.fromEntries(
    Object.entries(files).map(([file, data]) => [
      file.includes("/") ? file : file.replace(/\.json$/, ""),
      data,
    ]),
  );
  /**
   * Each value of a unique field of a folder's entries (people/*.json), by
   * folder and field: every entry that shares one is named, since the build
   * cannot tell which of them was changed.
   * @type {Map<string, { file: string, path: string, value: unknown, word: string }[]>}
   */
  const entryValues = new Map();
  for (const [file, values] of Object.entries(annotated)) {
    const data = files[file];
    const folder = file.includes("/") ? file.slice(0, file.indexOf("/") + 1) : undefined;
    /** @type {Map<string, unknown[]>} values seen so far of each unique field of this file */
    const seen = new Map();
    for (const { path, value, editor } of values) {
      const err = (/** @type {string} */ reason) =>
        errors.push({ file, field: describeField(data, path), reason });
      if (editor.unique !== undefined && folder) {
        const key = folder + fieldPattern(path);
        entryValues.set(key, [
          ...(entryValues.get(key) ?? []),
          { file, path, value, word: editor.unique },
        ]);
      } else if (editor.unique !== undefined) {
        const key = fieldPattern(path);
        const earlier = seen.get(key) ?? [];
        const problem = duplicateProblem(words(lastKey(path)), value, earlier, editor.unique);
        if (problem) err(problem);
        seen.set(key, [...earlier, value]);
      }
      if (editor.options !== undefined) {
        const problem = optionProblem(value, optionsFrom(editor.options, byName), editor.options);
        if (problem) err(problem);
      }
      if (editor.notBefore !== undefined) {
        const parent = path.slice(0, path.lastIndexOf("/"));
        const sibling = parent
          .split("/")
          .slice(1)
          .reduce((/** @type {any} */ at, key) => at?.[key], data)?.[editor.notBefore];
        const problem = datePairProblem(
          value,
          sibling,
          words(lastKey(path)),
          words(editor.notBefore),
        );
        if (problem) err(problem.charAt(0).toUpperCase() + problem.slice(1));
      }
    }
  }
  for (const found of entryValues.values()) {
    for (const { file, path, value, word } of found) {
      const others = found.filter((f) => f.file !== file).map((f) => f.value);
      const problem = duplicateProblem(words(lastKey(path)), value, others, word);
      if (problem) errors.push({ file, field: describeField(files[file], path), reason: problem });
    }
  }
  return errors;
}
