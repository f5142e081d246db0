// The cross-engine suite's fixtures: each worker drives one engine (its
// project's), launched once; every test ends with no problem recorded
// (console errors, uncaught errors, failed or refused loads).
import { test as base, expect } from "@playwright/test";
import { launch, type Driver, type Engine } from "./driver";

export const test = base.extend<
  { site: Driver; url: (path: string) => string },
  { engine: Engine; driver: Driver; chromium: Driver }
>({
  engine: ["firefox", { option: true, scope: "worker" }],
  driver: [
    async ({ engine }, use) => {
      const driver = await launch(engine);
      await use(driver);
      await driver.close();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  // The engine every other is compared with: Chromium, which the main e2e suite tests.
  chromium: [
    async ({}, use) => {
      const chromium = await launch("chromium");
      await use(chromium);
      await chromium.close();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  url: async ({ baseURL }, use) => use((path) => new URL(path, baseURL).href),
  site: async ({ driver }, use) => {
    await driver.problems();
    await use(driver);
    expect(await driver.problems(), "console errors, uncaught errors, failed loads").toEqual([]);
  },
});

export { expect };
