import { describe, expect, it } from "vitest";
import { DATE_PATTERN } from "./config.mjs";
import { dateAsTyped, FIRST_YEAR, LAST_YEAR, readDate } from "./date-words";

describe("readDate", () => {
  it.each([
    ["1-12-2027", "2027-12-01"],
    ["01-12-2027", "2027-12-01"],
    ["01.12.2027", "2027-12-01"],
    ["1/12/2027", "2027-12-01"],
    ["1 December 2027", "2027-12-01"],
    ["1 dec 2027", "2027-12-01"],
    ["1. Dec. 2027", "2027-12-01"],
    ["December 1, 2027", "2027-12-01"],
    ["2027-12-01", "2027-12-01"],
    ["  31-12-2027 ", "2027-12-31"],
    ["29-2-2028", "2028-02-29"],
  ])("reads %j as %s, the day first", (typed, iso) => {
    expect(readDate(typed)).toMatchObject({ iso });
  });

  it("echoes the date in words, whatever the browser's language", () => {
    expect(readDate("01-12-2027")).toEqual({ iso: "2027-12-01", words: "1 December 2027" });
    expect(readDate("2027-12-31")).toEqual({ iso: "2027-12-31", words: "31 December 2027" });
    expect(readDate("3 May 2027")).toEqual({ iso: "2027-05-03", words: "3 May 2027" });
  });

  it("reads empty text as no date", () => {
    expect(readDate(" ")).toEqual({ iso: "", words: "" });
  });

  const order = "type the day, then the month, then the year, e.g. 31-12-2027 or 31 December 2027.";
  it.each([
    ["12-31-2027", `"12-31-2027" has no month 31: ${order}`],
    ["31-12-22027", `"31-12-22027" is not a date: ${order}`],
    ["1-12-27", `"1-12-27" is not a date: ${order}`],
    ["1 Decembr 2027", `"1 Decembr 2027" is not a date: ${order}`],
    ["1 Ma 2027", `"1 Ma 2027" is not a date: ${order}`],
    ["31-11-2027", `November 2027 has no day 31: ${order}`],
    ["29-2-2027", `February 2027 has no day 29: ${order}`],
    ["0-2-2027", `February 2027 has no day 0: ${order}`],
    [
      "26-11-1906",
      `26 November 1906 is outside the years allowed: a date from 1 January 2000 to 31 December 2099; ${order}`,
    ],
    [
      "1-1-0020",
      `1 January 20 is outside the years allowed: a date from 1 January 2000 to 31 December 2099; ${order}`,
    ],
  ])("refuses %j, saying the order expected", (typed, problem) => {
    expect(readDate(typed)).toEqual({ problem });
  });

  it("accepts exactly the dates the schemas' date pattern does", () => {
    const pattern = new RegExp(DATE_PATTERN);
    for (const year of [FIRST_YEAR - 1, FIRST_YEAR, LAST_YEAR, LAST_YEAR + 1]) {
      for (const [day, month] of [
        [1, 1],
        [31, 12],
      ]) {
        const read = readDate(`${day}-${month}-${year}`);
        const iso = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
        expect("iso" in read, iso).toBe(pattern.test(iso));
      }
    }
  });
});

describe("dateAsTyped", () => {
  it("shows a saved date day first, and anything else as it is", () => {
    expect(dateAsTyped("2027-12-01")).toBe("1-12-2027");
    expect(dateAsTyped("31-13-2027")).toBe("31-13-2027");
    expect(dateAsTyped(undefined)).toBe("");
  });
});
