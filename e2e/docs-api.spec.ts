import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { expect, test, waitForApp } from "./fixtures";

/**
 * The API reference (issues 11 and 17): the generated OpenAPI document rendered on the server, an
 * index at /docs/api that lists every operation and a page per tag (/docs/api/<tag>) that describes
 * them in full; every operation present with a working anchor, no console error, no CSP violation,
 * no request off the machine and no axe violation, at a phone's and a desktop's width.
 */

type Doc = { paths: Record<string, Record<string, unknown>> };

// Long pages: axe over a group's operations takes a while on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** Collects console errors, CSP violations and requests off the machine of `page`. */
function watch(page: Page) {
  const errors: string[] = [];
  const offSite: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => {
    const host = new URL(r.url()).hostname;
    if (!["localhost", "127.0.0.1"].includes(host) && !r.url().startsWith("data:")) offSite.push(r.url());
  });
  return { errors, offSite };
}

async function axe(page: Page) {
  return (await axeViolations(page)).map((v) => `${v.id} (${v.impact}): ${v.nodes.length} nodes`);
}

test("every operation is indexed at /docs/api and described on its group's page", async ({ request }) => {
  const doc = (await (await request.get("/api/openapi.json")).json()) as Doc;
  const expected = Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
    .sort();
  const index = await (await request.get("/docs/api")).text();
  // Each row: <li id="op-…"><a href="/docs/api/<tag>#op-…"><span …>method</span><code>path</code>.
  const rows = [...index.matchAll(/<li id="(op-[^"]+)" class="apiref-row"><a href="([^"]+)">/g)];
  const groupPages = new Set(rows.map((r) => (r[2] as string).split("#")[0] as string));
  expect(rows.length).toBe(expected.length);
  expect(rows.every((r) => r[2]?.endsWith(`#${r[1]}`))).toBe(true);
  const described: string[] = [];
  for (const href of groupPages) {
    const res = await request.get(href);
    expect(res.status(), href).toBe(200);
    const html = await res.text();
    for (const m of html.matchAll(
      /<article id="op-[^"]+"[^>]*><h3[^>]*><a[^>]*><span[^>]*>([a-z]+)<\/span><code>([^<]+)<\/code>/g,
    )) {
      described.push(`${m[1]} ${(m[2] as string).replaceAll("&#39;", "'").replaceAll("&amp;", "&")}`);
    }
  }
  expect(described.sort()).toEqual(expected);
  expect((await request.get("/docs/api/no-such-group")).status()).toBe(404);
});

for (const width of [390, 1280]) {
  test(`API reference index and group pages work with anchors at ${width} px`, async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    await ctx.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = await ctx.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(e.violatedDirective));
    });
    const { errors, offSite } = watch(page);

    const res = await page.goto("/docs/api");
    expect(res?.status()).toBe(200);
    await waitForApp(page);
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();

    // The table of contents jumps to a group of the index.
    const nav = page.getByRole("navigation", { name: "API contents" });
    await nav.getByRole("link", { name: /^public \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/#tag-public$/);
    await expect(page.getByRole("heading", { level: 2, name: /^public/ })).toBeInViewport();
    // The shared Error shape is on the index.
    await expect(page.locator("#schema-Error").getByText("RATE_LIMITED")).toBeVisible();
    // No hidden text or broken contrast among ~100 rows.
    expect(await axe(page)).toEqual([]);

    // An anchor of the one-page reference lands on the operation's row, one click from its page.
    await page.goto("/docs/api#op-get-api-public-v1-tasks-taskid-completions-address");
    const row = page.locator("#op-get-api-public-v1-tasks-taskid-completions-address");
    await expect(row).toBeInViewport();
    await row.getByRole("link").click();
    await expect(page).toHaveURL(
      /\/docs\/api\/public#op-get-api-public-v1-tasks-taskid-completions-address$/,
    );
    const completions = page.locator("article#op-get-api-public-v1-tasks-taskid-completions-address");
    await expect(completions.getByRole("heading", { level: 3 })).toBeInViewport();
    await expect(completions.getByText("Public: no session needed")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "API reference: public" })).toBeVisible();

    // The curl example is copied as shown.
    await waitForApp(page);
    const curl = await completions.locator("pre", { hasText: /^curl / }).textContent();
    expect(curl).toMatch(/^curl '.*\/api\/public\/v1\/tasks\/\{taskId\}\/completions\/\{address\}'$/);
    await completions.getByRole("button", { name: /^Copy curl command/ }).click();
    await expect(completions.getByRole("button", { name: /^Copied/ })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(curl);

    // From a group's page: another group, (from 1280 px) its operations, their own links, and the
    // shared Error shape back on the index.
    await page
      .getByRole("navigation", { name: "API contents" })
      .getByRole("link", { name: /^integrations \(\d+\)$/ })
      .click();
    await expect(page).toHaveURL(/\/docs\/api\/integrations$/);
    const zealy = page.locator("#op-post-api-integrations-zealy-taskid");
    if (width >= 1280) {
      await page
        .getByRole("navigation", { name: "API contents" })
        .getByRole("link", { name: "post /integrations/zealy/{taskId}" })
        .click();
      await expect(page).toHaveURL(/#op-post-api-integrations-zealy-taskid$/);
      await expect(zealy.getByRole("heading", { level: 3 })).toBeInViewport();
    }
    await zealy.getByRole("heading", { level: 3 }).getByRole("link").click();
    await expect(page).toHaveURL(/\/docs\/api\/integrations#op-post-api-integrations-zealy-taskid$/);
    // Readable without sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axe(page)).toEqual([]);
    await zealy.getByRole("link", { name: "Error" }).first().click();
    await expect(page).toHaveURL(/\/docs\/api#schema-Error$/);
    await expect(page.locator("#schema-Error")).toBeInViewport();

    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    expect(offSite).toEqual([]);
    expect(errors).toEqual([]);
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
