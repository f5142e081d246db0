import { expect, test, waitForHydration } from "./fixtures";
import { browserPages } from "./pages";

test("pages carry the security headers and a strict CSP", async ({ request }) => {
  const response = await request.get("/");
  const h = response.headers();
  expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(h["content-security-policy"]).not.toContain("unsafe-inline");
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(h["cross-origin-opener-policy"]).toBe("same-origin");
  expect(h["permissions-policy"]).toContain("camera=()");
});

test("HTML is revalidated with ETags; hashed assets are cached for a year", async ({ request }) => {
  const page = await request.get("/", { headers: { "Accept-Encoding": "br" } });
  expect(page.headers()["cache-control"]).toBe("no-cache");
  expect(page.headers()["content-encoding"]).toBe("br");
  const etag = page.headers()["etag"];
  const again = await request.get("/", {
    headers: { "Accept-Encoding": "br", "If-None-Match": etag ?? "" },
  });
  expect(again.status()).toBe(304);
  const html = await page.text();
  const asset = /\/_astro\/[^"]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const js = await request.get(asset!);
  expect(js.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(js.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
  // A script is never a document: only the headers that apply to it are sent.
  expect(js.headers()["x-content-type-options"]).toBe("nosniff");
  expect(js.headers()["cross-origin-resource-policy"]).toBe("same-origin");
  for (const name of ["content-security-policy", "permissions-policy", "x-frame-options"]) {
    expect(js.headers()[name], name).toBeUndefined();
  }
});

test("health, sitemap and robots", async ({ request }) => {
  expect(await (await request.get("/healthz")).text()).toBe("ok");
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("<loc>http://localhost:8080/careers/asset-manager</loc>");
  expect(sitemap).not.toContain("/404");
  expect(await (await request.get("/robots.txt")).text()).toContain("Sitemap: ");
  const post = await request.post("/");
  expect(post.status()).toBe(405);
  expect(post.headers()["allow"]).toBe("GET, HEAD");
});

test.describe("Content-Security-Policy", () => {
  for (const path of [...browserPages, "/does-not-exist"]) {
    test(`${path} runs without a CSP violation`, async ({ page }) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener("securitypolicyviolation", (e) =>
          seen.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      await page.goto(path);
      await waitForHydration(page);
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(300);
      const violations = await page.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      );
      expect(violations).toEqual([]);
    });
  }
});
