import { describe, expect, it } from "vitest";
import { ISLAND_STYLES } from "astro/runtime/server/astro-island-styles.js";
import { hoistIslandStyle } from "./island-style";

const rule = "astro-island,astro-slot{display:contents}";
const tag = `<style>${rule}</style>`;

describe("hoistIslandStyle", () => {
  it.each([
    {
      name: "moves the rule from the first island into the head",
      html: `<html><head><title>t</title></head><body><p>a</p>${tag}<script>x</script><astro-island></astro-island></body></html>`,
      want: `<html><head><title>t</title>${tag}</head><body><p>a</p><script>x</script><astro-island></astro-island></body></html>`,
    },
    {
      name: "keeps one copy when it was written more than once",
      html: `<head></head><body>${tag}<i></i>${tag}</body>`,
      want: `<head>${tag}</head><body><i></i></body>`,
    },
    {
      name: "adds none when the head has it already",
      html: `<head>${tag}</head><body>${tag}</body>`,
      want: `<head>${tag}</head><body></body>`,
    },
    {
      name: "leaves a page without islands alone",
      html: `<head><style>p{color:red}</style></head><body><p>a</p></body>`,
      want: `<head><style>p{color:red}</style></head><body><p>a</p></body>`,
    },
    {
      name: "leaves other styles in the body alone",
      html: `<head></head><body><style>${rule}x</style></body>`,
      want: `<head></head><body><style>${rule}x</style></body>`,
    },
    {
      name: "leaves a fragment without a head alone",
      html: `${tag}<astro-island></astro-island>`,
      want: `${tag}<astro-island></astro-island>`,
    },
  ])("$name", ({ html, want }) => {
    expect(hoistIslandStyle(html, rule)).toBe(want);
  });

  it("matches the rule this Astro writes", () => {
    // The middleware passes Astro's own constant; it is still a plain rule.
    expect(ISLAND_STYLES).toMatch(/^astro-island[^<>]*\{display:contents\}$/);
  });
});
