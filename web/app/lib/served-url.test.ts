import { afterEach, describe, expect, it } from "vitest";
import { restoreServedUrl, startAtNotFound } from "./served-url";

describe("served URL of the 404 page", () => {
  afterEach(() => {
    document.documentElement.removeAttribute("data-not-found");
    window.history.replaceState(null, "", "/");
  });

  it("starts the router at /404 and gives the visitor's URL back after hydration", () => {
    window.history.replaceState(null, "", "/careers/bogus?x=1#top");
    document.documentElement.setAttribute("data-not-found", "");
    startAtNotFound(document, window);
    expect(window.location.pathname).toBe("/404");
    restoreServedUrl(window);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      "/careers/bogus?x=1#top",
    );
  });

  it("leaves every other page alone", () => {
    window.history.replaceState(null, "", "/contact");
    startAtNotFound(document, window);
    restoreServedUrl(window);
    expect(window.location.pathname).toBe("/contact");
  });
});
