import { describe, expect, it } from "vitest";
import { replaceInPlace } from "./live-content";

describe("replaceInPlace", () => {
  it("makes the target equal to the source and keeps nested references live", () => {
    const target: Record<string, unknown> = {
      page: { heading: "Old" },
      vacancies: [{ title: "A" }, { title: "B" }],
      gone: 1,
    };
    const vacancies = target.vacancies as { title: string }[];
    const first = vacancies[0];
    const page = target.page;
    replaceInPlace(target, {
      page: { heading: "New" },
      vacancies: [{ title: "A2" }],
      added: [1, 2],
    });
    expect(target).toEqual({
      page: { heading: "New" },
      vacancies: [{ title: "A2" }],
      added: [1, 2],
    });
    expect(target.vacancies).toBe(vacancies);
    expect(vacancies[0]).toBe(first);
    expect(target.page).toBe(page);
  });

  it("replaces a value whose type changes", () => {
    const target: Record<string, unknown> = { a: { b: 1 }, c: [1] };
    replaceInPlace(target, { a: "text", c: { d: 2 } });
    expect(target).toEqual({ a: "text", c: { d: 2 } });
  });

  it("does not share the source's objects", () => {
    const source = { list: [{ x: 1 }] };
    const target: Record<string, unknown> = {};
    replaceInPlace(target, source);
    (target.list as { x: number }[])[0]!.x = 2;
    expect(source.list[0]!.x).toBe(1);
  });

  it("refuses to turn an object root into an array", () => {
    expect(() => replaceInPlace({}, [1])).toThrow(TypeError);
  });
});
