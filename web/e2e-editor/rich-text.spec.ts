// In a Markdown field's rich text, "- " and "1. " at the
// start of a line start a list, as in Word and Google Docs, and the file gets a
// real Markdown list (not "\- one", which the site shows as a line with a dash).
import type { Page } from "@playwright/test";
import { marked, type Tokens } from "marked";
import {
  expect,
  expectSaved,
  openEntry,
  publish,
  readEntries,
  readEntry,
  shownField,
  test,
  type Vacancy,
} from "./editor";

/** The lists of a Markdown text as the site's Markdown reader sees them. */
function listsIn(markdown: string) {
  return marked
    .lexer(markdown)
    .filter((token): token is Tokens.List => token.type === "list")
    .map((list) => ({ ordered: list.ordered, items: list.items.map((item) => item.text) }));
}

/**
 * Types on a new, empty line as a person does: the first character, and the
 * rest once it is shown with the cursor after it. Typed with no pause at all
 * (as a test types), the second key can arrive while Decap's editor (Slate)
 * is still drawing the line in place of its empty placeholder, with the
 * cursor for a moment on the next line, and land there; that happens to any
 * text, with or without a list marker.
 */
async function typeOnNewLine(page: Page, text: string) {
  await page.keyboard.type(text[0]!);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const selection = document.getSelection();
        return selection?.anchorNode?.textContent?.slice(0, selection.anchorOffset);
      }),
    )
    .toBe(text[0]);
  await page.keyboard.type(text.slice(1));
}

/**
 * Waits, as a person looking at the screen does before the next key, until
 * the caret is drawn at the end of the text (after Ctrl+End) or on an empty
 * line (after Enter). Under load Slate applies a key a moment after it
 * arrives; an Enter that came before the caret had moved split the paragraph
 * where the click had put it, and the rest of its last word went into the list.
 */
async function caretAt(page: Page, where: "the text's end" | "an empty line", timeout?: number) {
  await expect
    .poll(
      () =>
        page.evaluate((where) => {
          const selection = document.getSelection();
          const node = selection?.anchorNode;
          const editor = (node instanceof Element ? node : node?.parentElement)?.closest(
            "[data-slate-editor]",
          );
          if (!selection || !node || !editor) return false;
          // Slate draws an empty line as a zero-width character.
          const visible = (text: string) => text.replace(/[\u200B\uFEFF]/g, "");
          if (where === "an empty line") return visible(node.textContent ?? "") === "";
          const rest = document.createRange();
          rest.selectNodeContents(editor);
          rest.setStart(node, selection.anchorOffset);
          return visible(rest.toString()) === "";
        }, where),
      { message: `the caret on ${where}`, timeout },
    )
    .toBe(true);
}

test('typing "- " or "1. " at the start of a rich-text line starts a list, saved as a Markdown list', async ({
  page,
}) => {
  const before = readEntries<Vacancy>("careers");
  // A vacancy whose role text ends with a paragraph (a line after a list would be an item).
  const index = before.findLastIndex(
    (v) => !/^([-*+]|\d+[.)]) /.test(v.roleText.split("\n").pop()!),
  );
  expect(index, "a vacancy whose role text ends with a paragraph").toBeGreaterThanOrEqual(0);
  const vacancy = before[index]!;
  const listsBefore = listsIn(vacancy.roleText);

  await openEntry(page, "vacancies", vacancy.file);
  const roleText = (await shownField(page, "Role text")).locator("[data-slate-editor]");
  // A new line after the last paragraph, as someone adding a list at the end would:
  // a click in it, then to the end of the text, where the click did not put the
  // caret (End alone goes to the end of the line on screen, and a long paragraph
  // wraps). A click while Slate is still mounting the field leaves no caret in it,
  // and a person who sees none clicks again.
  await expect(async () => {
    await roleText.locator(":scope > p").last().click();
    await page.keyboard.press("ControlOrMeta+End");
    await caretAt(page, "the text's end", 3_000);
  }).toPass({ timeout: 30_000 });
  const newLine = async () => {
    await page.keyboard.press("Enter");
    await caretAt(page, "an empty line");
  };
  await newLine();
  await typeOnNewLine(page, "- one");
  await newLine();
  await typeOnNewLine(page, "two");
  // Enter on an empty item ends the list; then a numbered one.
  await newLine();
  await newLine();
  await typeOnNewLine(page, "1. first");
  await newLine();
  await typeOnNewLine(page, "second");

  await expect(roleText.locator(":scope > ul").last().locator("li")).toHaveText(["one", "two"]);
  await expect(roleText.locator(":scope > ol").last().locator("li")).toHaveText([
    "first",
    "second",
  ]);
  await expect(roleText.getByText("- one")).toHaveCount(0);
  // The preview draws them as the site will.
  const preview = page.locator("iframe").first().contentFrame();
  await expect(preview.locator("ul > li").filter({ hasText: /^one$/ })).toHaveCount(1);
  await expect(preview.locator("ol > li").filter({ hasText: /^second$/ })).toHaveCount(1);

  await publish(page);
  await expectSaved(page);
  const saved = readEntry<Vacancy>("careers", vacancy.file).roleText;
  expect(listsIn(saved)).toEqual([
    ...listsBefore,
    { ordered: false, items: ["one", "two"] },
    { ordered: true, items: ["first", "second"] },
  ]);
  expect(saved).not.toContain("\\-");
  // Written as the content writes lists, and nothing else of the text rewritten
  // (Decap's own writer turned every "- " item into "* ").
  expect(saved).toMatch(/^- one$/m);
  expect(saved.startsWith(vacancy.roleText), "the stored text, untouched, comes first").toBe(true);
  // The text that was there stays, before the lists.
  const lastParagraph = vacancy.roleText.split("\n\n").pop()!;
  expect(saved.startsWith(vacancy.roleText.slice(0, 40))).toBe(true);
  expect(saved.indexOf(lastParagraph)).toBeGreaterThan(-1);
  expect(saved.indexOf(lastParagraph)).toBeLessThan(saved.search(/^[-*+] one$/m));
});
