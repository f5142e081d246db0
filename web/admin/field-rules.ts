// What is wrong with one field's value by the rules that span more than one
// value (lib/content-rules.mjs, the module the build checks them with),
// read from the field's configuration (admin/config.mjs puts them there from
// the schemas' `editor` annotations). Pure: admin/rule-control.tsx asks it
// when Decap validates a field before a save.
import { markdownProblems } from "../lib/content-markdown.mjs";
import {
  datePairProblem,
  duplicateProblem,
  isBlank,
  optionProblem,
  type Option,
  type OptionsSource,
} from "../lib/content-rules.mjs";

/** The rule keys of a field's configuration, as plain data. */
export interface RuleField {
  name: string;
  label?: string;
  widget?: string;
  required?: boolean;
  multiple?: boolean;
  options?: Option[];
  options_from?: OptionsSource;
  /**
   * Unique in the top-level list `list` of the entry, or (`taken`) among the
   * other entries of a folder: [file name, value] of each as the editor was
   * built. `entry` is the word for one of them.
   */
  unique?: { list?: string[]; taken?: [string, unknown][]; entry: string };
  /** Not before the sibling `field` (items of the top-level list `list`; the entry itself when empty). */
  not_before?: { field: string; list: string[] };
}

type Data = Record<string, unknown>;

function listAt(data: Data | undefined, path: string[]): Data[] {
  if (path.length === 0) return data ? [data] : [];
  const list = path.reduce<unknown>(
    (at, key) => (at && typeof at === "object" ? (at as Data)[key] : undefined),
    data,
  );
  return Array.isArray(list) ? (list as Data[]) : [];
}

/** "Valid through" -> "valid through", for the middle of a sentence. */
const label = (field: RuleField) => field.label ?? field.name;

/**
 * What is wrong with `value`, one message per problem (empty when nothing is).
 * @param data the whole entry's data, for the rules between values
 * @param entrySlug the file name of the entry being edited (a folder's entry), "" for a new one
 * @param unchanged the value is the one the field was opened with: a value
 *   another entry was then given too is blamed on that entry, the one staff
 *   changed, not on this one nobody touched (a new vacancy given the
 *   slug of vacancy 1 must not mark vacancy 1)
 */
export function fieldProblems(
  field: RuleField,
  value: unknown,
  data: Data | undefined,
  unchanged = false,
  entrySlug = "",
): string[] {
  const problems: string[] = [];
  if (field.required !== false && isBlank(value)) {
    problems.push(`Fill in ${label(field).toLowerCase()}: spaces alone are not text.`);
  }
  if (field.widget === "markdown" && typeof value === "string" && value !== "") {
    for (const reason of markdownProblems(value)) {
      problems.push(`${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`);
    }
  }
  if (field.options_from && field.options) {
    const values = field.multiple ? (Array.isArray(value) ? value : []) : [value];
    for (const v of values) {
      const why = optionProblem(v, field.options, field.options_from);
      if (why) problems.push(why);
    }
  }
  if (field.unique && value !== undefined && value !== "" && !unchanged) {
    const { list, taken } = field.unique;
    const values = list ? listAt(data, list).map((item) => item?.[field.name]) : [];
    const at = values.indexOf(value);
    const others = taken
      ? taken.filter(([slug]) => slug !== entrySlug).map(([, v]) => v)
      : values.filter((_, i) => i !== at);
    const why = duplicateProblem(label(field), value, others, field.unique.entry);
    if (why) problems.push(why);
  }
  if (field.not_before && typeof value === "string" && value !== "") {
    // The entries this value is in: the field does not know its own index.
    const notBefore = field.not_before;
    for (const item of listAt(data, notBefore.list)) {
      if (item?.[field.name] !== value) continue;
      const why = datePairProblem(
        value,
        item[notBefore.field],
        label(field),
        humanKey(notBefore.field),
      );
      if (why) {
        problems.push(why);
        break;
      }
    }
  }
  return problems;
}

/** "datePosted" -> "date posted" */
function humanKey(key: string) {
  return key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}
