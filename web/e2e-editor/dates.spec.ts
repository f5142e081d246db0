// A date is typed day first and saved as meant whatever the browser's
// language: in an en-US browser the browser's own date box read 01-12-2027
// as 12 January and 31-12-2027 as the year 22027. Each test runs in an en-US
// and an nl-NL browser.
import {
  expect,
  expectSaved,
  openFirstVacancy,
  publish,
  readEntry,
  shownControl,
  test,
  type Vacancy,
} from "./editor";

// Each browser its own year: every test changes the date the one before saved.
for (const [locale, year] of [
  ["en-US", 2027],
  ["nl-NL", 2028],
] as const) {
  test.describe(`in an ${locale} browser`, () => {
    test.use({ locale });

    for (const [typed, saved, words] of [
      [`01-12-${year}`, `${year}-12-01`, `1 December ${year}`],
      [`31-12-${year}`, `${year}-12-31`, `31 December ${year}`],
      [`1 December ${year}`, `${year}-12-01`, `1 December ${year}`],
    ] as const) {
      test(`"${typed}" is shown as ${words} and saved as ${saved}`, async ({ page }) => {
        const { vacancy } = await openFirstVacancy(page);
        const date = shownControl(page, "Date posted");
        await date.click();
        await page.keyboard.press("ControlOrMeta+a");
        await page.keyboard.type(typed, { delay: 30 });
        await expect(date).toHaveValue(typed);
        await expect(date.locator("xpath=following-sibling::output")).toHaveText(words);
        await publish(page);
        await expectSaved(page);
        expect(readEntry<Vacancy>("careers", vacancy.file).datePosted).toBe(saved);
      });
    }

    test("a date typed month first is refused, saying the day comes first", async ({ page }) => {
      const { vacancy } = await openFirstVacancy(page);
      const before = readEntry<Vacancy>("careers", vacancy.file);
      const date = shownControl(page, "Date posted");
      await date.click();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("12-31-2027", { delay: 30 });
      await publish(page);
      await expect(
        page.getByText(
          '"12-31-2027" has no month 31: type the day, then the month, then the year, e.g. 31-12-2027 or 31 December 2027.',
        ),
      ).toBeVisible();
      await expect(date).toBeFocused();
      expect(readEntry<Vacancy>("careers", vacancy.file)).toEqual(before);
    });
  });
}
