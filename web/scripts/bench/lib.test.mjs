import { describe, expect, it } from "vitest";
import { mark, median, parseWrk, table } from "./lib.mjs";

describe("median", () => {
  it.each([
    [[], null],
    [[3], 3],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[null, 5, undefined, NaN, 1], 3],
  ])("of %j is %j", (xs, want) => {
    expect(median(xs)).toBe(want);
  });
});

describe("parseWrk", () => {
  it("turns the report.lua line into requests/s and milliseconds", () => {
    const out =
      "Running 10s test\nBENCH " +
      '{"requests":200000,"duration_us":10000000,"bytes":500000000,"p50_us":800,"p90_us":1500,"p99_us":4200,"max_us":9000,"non_2xx_3xx":0,"socket_errors":2}\n';
    expect(parseWrk(out)).toEqual({
      requests: 200000,
      rps: 20000,
      p50: 0.8,
      p90: 1.5,
      p99: 4.2,
      max: 9,
      mbps: 50,
      non2xx3xx: 0,
      socketErrors: 2,
    });
  });
  it("is null without the line", () => {
    expect(parseWrk("unable to connect")).toBeNull();
  });
});

describe("table and mark", () => {
  it("aligns columns and right-aligns the marked ones", () => {
    expect(
      table(
        ["name", ">n"],
        [
          ["a", 1],
          ["bbbb", null],
        ],
      ),
    ).toBe(["| name |   n |", "|------|----:|", "| a    |   1 |", "| bbbb |   – |"].join("\n"));
  });
  it("marks a missing figure as unknown", () => {
    expect(mark(null, () => true)).toBe("?");
    expect(mark(3, (v) => v <= 5)).toBe("ok");
    expect(mark(6, (v) => v <= 5)).toBe("MISS");
  });
});
