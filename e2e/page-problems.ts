import type { Browser, Page } from "@playwright/test";

/** Console errors that mean the page broke its CSP or failed to hydrate (React #418/#423). */
const PROBLEM = /content security policy|csp violation|hydrat|#418|#423|did not match/i;

/**
 * Collects, from now on, every CSP violation, hydration error and uncaught page error of `page`;
 * the shell specs end with `expect(problems).toEqual([])`. Call before the page's first load (the
 * CSP listener is an init script).
 */
export async function pageProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && PROBLEM.test(m.text())) problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  return problems;
}

/**
 * A page in a new context with `page`'s cookies and JavaScript off: what the server sent, before any
 * hydration (the shell specs read the signed-in shells' HTML through it). Close its context after.
 */
export async function servedHtmlPage(browser: Browser, page: Page, width: number): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: 900 },
    storageState: await page.context().storageState(),
  });
  return context.newPage();
}
