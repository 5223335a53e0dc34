import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";

/**
 * axe-core (WCAG 2.1 A and AA) run in the page itself, for every spec's accessibility checks.
 *
 * Why not @axe-core/playwright's AxeBuilder: it injects axe's 550 KB into the page on every scan and
 * then opens a blank page to merge the frames' results (`finishRun`). Measured on one idle worker, a
 * scan of /faq, /swap, /explorer or /news: 1.4–1.7 s with AxeBuilder, 0.2–0.3 s here once axe is in
 * the document (injected once per page load, ~0.5 s). The e2e phase of `npm test` is CPU-bound on 2
 * cores (docs/ARCHITECTURE.md, "Testing"), and a11y-all alone scans 73 states at two widths. The
 * app has no iframes (a strict CSP, no embeds), so the top document is the whole page.
 *
 * The tags select axe's experimental rules too: `label-content-name-mismatch`, Lighthouse's audit of
 * WCAG 2.5.3, runs in every scan (e2e/axe.spec.ts).
 */
const AXE_SOURCE = fs.readFileSync(fileURLToPath(import.meta.resolve("axe-core/axe.min.js")), "utf8");

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export type AxeViolation = {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
};

export type AxeScan = {
  /** A CSS selector: only this part of the page (e.g. the open wallet modal). */
  include?: string;
};

/**
 * Waits for the page's finite animations to end (the wallet modal's 150 ms open and view fades).
 * axe reads colours as painted, opacity included: a scan in the middle of a fade saw semi-transparent
 * text and reported contrast failures nobody ever reads (a retried browser test in CI). Endless ones
 * (skeleton pulses) are left alone. Animation promises follow the document timeline, which
 * `page.clock` does not stop.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** The WCAG 2.1 A/AA violations on the page as it is now, once its animations have ended. */
export async function axeViolations(page: Page, scan: AxeScan = {}): Promise<AxeViolation[]> {
  await settleAnimations(page);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ include, tags }) => {
      type Result = {
        violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[];
      };
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<Result> } })
        .axe;
      const result = await axe.run(include ? { include: [include] } : document, {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations"],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        nodes: v.nodes.map((n) => ({ target: n.target.map(String) })),
      }));
    },
    { include: scan.include, tags: WCAG_TAGS },
  );
}

/** "rule (impact): target, target" per violation: readable in a failed `toEqual([])`. */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Zero violations of any impact. */
export async function expectAxeClean(page: Page, scan: AxeScan = {}): Promise<void> {
  expect(describeViolations(await axeViolations(page, scan))).toEqual([]);
}

/** No serious or critical violation (the modal specs' bar; a11y-all holds every page to zero). */
export async function expectNoSeriousAxe(page: Page, scan: AxeScan = {}): Promise<void> {
  const serious = (await axeViolations(page, scan)).filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(describeViolations(serious)).toEqual([]);
}
