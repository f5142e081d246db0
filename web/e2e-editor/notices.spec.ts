// The LinkedIn feed's notice is seen where staff are: at the foot of the
// editor's window, not under Decap's fixed layout, on an entry's page, at a
// desktop's width and a phone's. The local editor has no LinkedIn connection, so the test answers
// /admin/linkedin/status as the feed owner does when the connection fails
// (internal/linkedinauth/page.go, statusJSON).
import AxeBuilder from "@axe-core/playwright";
import { expect, openEntry, test } from "./editor";

const failing = {
  linkedIn: true,
  works: false,
  message: "The LinkedIn feed is not working: LinkedIn refuses the feed's connection.",
  attention: true,
  feedStale: false,
  expiryKnown: true,
  url: "/admin/linkedin",
};

for (const width of [1280, 375]) {
  test(`the LinkedIn notice is on screen and uncovered at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 700 });
    await page.route("**/admin/linkedin/status", (route) => route.fulfill({ json: failing }));
    // On an entry's page, where Decap's fixed editor fills the window.
    await openEntry(page, "pages", "home");
    const notice = page.getByRole("status", { name: "LinkedIn feed" });
    await expect(notice).toContainText(failing.message);
    await expect(
      notice.getByRole("link", { name: "Open the LinkedIn connection" }),
    ).toHaveAttribute("href", "/admin/linkedin");
    // Its middle is the notice itself, inside the window: nothing of Decap's lies over it.
    const uncovered = await notice.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return r.bottom <= innerHeight && r.right <= innerWidth && !!hit && el.contains(hit);
    });
    expect(uncovered).toBe(true);
    const { violations } = await new AxeBuilder({ page }).include(".editor-foot").analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
  });
}
