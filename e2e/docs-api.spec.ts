import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

/**
 * Issue 17: the API reference at /docs/api renders the generated OpenAPI document (bundled Swagger
 * UI, no CDN) under the strict CSP, readable on a phone and on a desktop.
 */
for (const width of [390, 1280]) {
  test(`API reference renders the generated document at ${width} px`, async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(e.violatedDirective));
    });
    const offSite: string[] = [];
    page.on("request", (r) => {
      const host = new URL(r.url()).hostname;
      if (!["localhost", "127.0.0.1"].includes(host) && !r.url().startsWith("data:")) offSite.push(r.url());
    });
    const res = await page.goto("/docs/api");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
    // Swagger UI has loaded /api/openapi.json and lists the operations, grouped by their paths.
    await expect(page.getByText("/api/public/v1/tasks/{taskId}/completions/{address}").first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText("/api/integrations/zealy/{taskId}").first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    expect(offSite).toEqual([]);
    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.length} nodes`)).toEqual([]);
    await ctx.close();
  });
}

test("the machine-readable document is served at /api/openapi.json", async ({ request }) => {
  const res = await request.get("/api/openapi.json");
  expect(res.status()).toBe(200);
  const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths)).toContain("/api/public/v1/tasks");
});
