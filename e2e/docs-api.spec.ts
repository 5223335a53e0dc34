import AxeBuilder from "@axe-core/playwright";
import { expect, test, waitForApp } from "./fixtures";

/**
 * The API reference at /docs/api (issues 11 and 17): the generated OpenAPI document rendered on the
 * server, every operation present with a working anchor, no console error, no CSP violation, no
 * request off the machine and no axe violation, at a phone's and a desktop's width.
 */

type Doc = { paths: Record<string, Record<string, unknown>> };

// A long page: axe over every operation takes a while on a busy machine.
test.describe.configure({ timeout: 120_000 });

for (const width of [390, 1280]) {
  test(`API reference lists every operation with working anchors at ${width} px`, async ({
    browser,
    request,
  }) => {
    const doc = (await (await request.get("/api/openapi.json")).json()) as Doc;
    const expected = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
      .sort();

    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    await ctx.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = await ctx.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(e.violatedDirective));
    });
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    const offSite: string[] = [];
    page.on("request", (r) => {
      const host = new URL(r.url()).hostname;
      if (!["localhost", "127.0.0.1"].includes(host) && !r.url().startsWith("data:")) offSite.push(r.url());
    });

    const res = await page.goto("/docs/api");
    expect(res?.status()).toBe(200);
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();

    // Every operation of the document is on the page, in the server-rendered HTML.
    const listed = await page.$$eval("article[id^=op-]", (articles) =>
      articles.map(
        (a) => `${a.querySelector("h3 span")?.textContent} ${a.querySelector("h3 code")?.textContent}`,
      ),
    );
    expect(listed.sort()).toEqual(expected);

    // The table of contents jumps to a group (and, from 1280 px, to an operation).
    const nav = page.getByRole("navigation", { name: "API contents" });
    await nav.getByRole("link", { name: /^public \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/#tag-public$/);
    await expect(page.getByRole("heading", { level: 2, name: /^public/ })).toBeInViewport();
    const zealy = page.locator("#op-post-api-integrations-zealy-taskid");
    if (width >= 1280) {
      await nav.getByRole("link", { name: "post /integrations/zealy/{taskId}" }).click();
      await expect(page).toHaveURL(/#op-post-api-integrations-zealy-taskid$/);
      await expect(zealy.getByRole("heading", { level: 3 })).toBeInViewport();
    }
    // An operation's heading is its own link; a shared schema links to its section.
    await zealy.getByRole("heading", { level: 3 }).getByRole("link").click();
    await expect(page).toHaveURL(/#op-post-api-integrations-zealy-taskid$/);
    await zealy.getByRole("link", { name: "Error" }).first().click();
    await expect(page.locator("#schema-Error")).toBeInViewport();
    await expect(page.locator("#schema-Error").getByText("RATE_LIMITED")).toBeVisible();

    // A deep link lands on its operation.
    await page.goto("/docs/api#op-get-api-public-v1-tasks-taskid-completions-address");
    const completions = page.locator("#op-get-api-public-v1-tasks-taskid-completions-address");
    await expect(completions.getByRole("heading", { level: 3 })).toBeInViewport();
    await expect(completions.getByText("Public: no session needed")).toBeVisible();

    // The curl example is copied as shown.
    await waitForApp(page);
    const curl = await completions.locator("pre", { hasText: /^curl / }).textContent();
    expect(curl).toMatch(/^curl '.*\/api\/public\/v1\/tasks\/\{taskId\}\/completions\/\{address\}'$/);
    await completions.getByRole("button", { name: /^Copy curl command/ }).click();
    await expect(completions.getByRole("button", { name: /^Copied/ })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(curl);

    // Readable without sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    expect(offSite).toEqual([]);
    expect(errors).toEqual([]);
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
