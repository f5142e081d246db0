// Dates as the firm's staff write them: the day, then the month, then the year
// (1-12-2027, 01.12.2027, 1 December 2027), or as the content files do
// (2027-12-01). Read the same in every browser language, so that 01-12-2027
// is 1 December wherever it is typed, and echoed back in words.

/** The years a vacancy can have: outside them a date is a typing mistake (the schemas' date pattern). */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2099;

// A fixed language, not the browser's: the words read the same on every desk.
const inEnglish = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" });
const MONTHS = Array.from({ length: 12 }, (_, i) =>
  inEnglish({ month: "long" })
    .format(Date.UTC(2000, i, 1))
    .toLowerCase(),
);

const words = inEnglish({ day: "numeric", month: "long", year: "numeric" });

const ORDER = "type the day, then the month, then the year, e.g. 31-12-2027 or 31 December 2027";

/** A date as read: its ISO form and its words; or why it is not one. Empty text is "", "". */
export type ReadDate = { iso: string; words: string } | { problem: string };

/** "1-12-2027" for "2027-12-01": a date as the box shows it; other text as it is. */
export function dateAsTyped(value: unknown): string {
  if (typeof value !== "string") return "";
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return iso ? `${Number(iso[3])}-${Number(iso[2])}-${iso[1]}` : value;
}

function monthOf(name: string): number | undefined {
  const word = name.toLowerCase();
  const index = word.length >= 3 ? MONTHS.findIndex((m) => m.startsWith(word)) : -1;
  return index >= 0 ? index + 1 : undefined;
}

/** The day, month and year a text names, in the orders staff write them. */
function parts(text: string): [number, number | undefined, number] | undefined {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return [Number(iso[3]), Number(iso[2]), Number(iso[1])];
  const digits = /^(\d{1,2})\s*[-./]\s*(\d{1,2})\s*[-./]\s*(\d{4})$/.exec(text);
  if (digits) return [Number(digits[1]), Number(digits[2]), Number(digits[3])];
  const dayFirst = /^(\d{1,2})\.?\s+([a-z]+)\.?,?\s+(\d{4})$/i.exec(text);
  if (dayFirst) return [Number(dayFirst[1]), monthOf(dayFirst[2]!), Number(dayFirst[3])];
  const monthFirst = /^([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(text);
  if (monthFirst) return [Number(monthFirst[2]), monthOf(monthFirst[1]!), Number(monthFirst[3])];
  return undefined;
}

/** Reads a typed date; a problem says what was wrong and the order expected. */
export function readDate(typed: string): ReadDate {
  const text = typed.trim();
  if (text === "") return { iso: "", words: "" };
  const [day, month, year] = parts(text) ?? [];
  if (day === undefined || month === undefined || year === undefined) {
    return { problem: `"${text}" is not a date: ${ORDER}.` };
  }
  if (month < 1 || month > 12) return { problem: `"${text}" has no month ${month}: ${ORDER}.` };
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (day < 1 || date.getUTCMonth() !== month - 1) {
    date.setUTCFullYear(year, month - 1, 1);
    return {
      problem: `${inEnglish({ month: "long", year: "numeric" }).format(date)} has no day ${day}: ${ORDER}.`,
    };
  }
  const inWords = words.format(date);
  if (year < FIRST_YEAR || year > LAST_YEAR) {
    return {
      problem: `${inWords} is outside the years allowed: a date from 1 January ${FIRST_YEAR} to 31 December ${LAST_YEAR}; ${ORDER}.`,
    };
  }
  const iso = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return { iso, words: inWords };
}
