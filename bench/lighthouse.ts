/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, its default simulated throttling) over every page
 * of the route registry (src/lib/routes.ts), against the budgets of issue 11: every category ≥ 95,
 * CLS ≤ 0.02, TBT ≤ 150 ms. Public pages are audited signed out; session pages (and `/` once more)
 * signed in with a session made over HTTP (test/siwe-http.ts); the console (`/admin`) signed in as
 * an operator (ADMIN_ADDRESSES of the server started here). The session goes into the browser's
 * cookie jar, as after a real sign-in: Lighthouse's `extraHeaders` reach the navigation but not
 * the page's own fetch() calls, which then answered 401 and showed up as console errors.
 *
 * Scores depend on the CPU and the machine is shared, so each page runs LH_RUNS times (default 5:
 * Lighthouse's docs/variability.md finds the median of 5 runs twice as stable as one run) and the
 * budget is judged on the median of each figure, with the load average next to it; how many single
 * runs were within budget is printed too, read against the bare page's own runs. Prints per page the
 * four scores, CLS, TBT (and each run's), LCP, the failing audits by id (with how many runs failed
 * them), PASS/FAIL on the medians and how many runs were within budget; first, the same audit of a
 * bare Next 16 page as the framework's reference (LH_BARE=0 skips it); writes
 * bench/results/lighthouse.json. It asserts nothing (figures, not tests).
 * LH_PAGES=/swap,/wallet limits the pages (for iterating on one; a path below a registry page, such
 * as /news/<slug>, is audited like that page). LH_OUT names the result file
 * (default `lighthouse`), so runs against two servers (BENCH_URL) do not overwrite each other.
 * LH_TRACE_CATEGORIES adds trace categories to the kept traces (LH_KEEP), e.g.
 * `disabled-by-default-v8.cpu_profiler` to see which functions make up a long task (the profiler
 * slows the page: read its proportions, not its figures).
 *
 * Lighthouse drives Debian's chromium (CHROME_PATH, default /usr/bin/chromium) through its
 * debugging port; nothing is downloaded and only the server is contacted. Server: BENCH_URL, or a
 * fresh production server (scripts/serve.ts) on the existing build with the contracts deployed and the database seeded
 * (bench/lib/server.ts, `prepare`), so /swap, /stake and /wallet show pools and balances.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/lib/chromium";
import { ROUTES } from "../src/lib/routes";
import { freePort } from "../test/ports";
import { browserCookie, signInOverHttp } from "../test/siwe-http";
import { bareNext } from "./lib/bare-next";
import { benchServer, writeResult } from "./lib/server";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const BUDGET = { score: 95, clsMax: 0.02, tbtMaxMs: 150 };
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 5));

type Visitor = "anonymous" | "signed-in" | "admin";
/** `crawl`: the registry's flag; robots.txt disallows the other pages on purpose. */
type Target = { path: string; as: Visitor; crawl: boolean };

/** Every registry page as who may open it; `/` also signed in (the header chip, the wallet runtime). */
const ALL_TARGETS: Target[] = Object.values(ROUTES).flatMap((r): Target[] => {
  const t = (as: Visitor): Target => ({ path: r.path, as, crawl: r.crawl });
  if (r.access === "admin") return [t("admin")];
  if (r.access === "session") return [t("signed-in")];
  return r.path === "/" ? [t("anonymous"), t("signed-in")] : [t("anonymous")];
});
const only = process.env.LH_PAGES?.split(",").map((p) => p.trim());
/**
 * A path below a registry page (`/news/<slug>`) is audited as who may open that page; LH_PAGES
 * names it (the registry lists only the page itself).
 */
const below = (p: string): Target[] => {
  const parent = ALL_TARGETS.find((t) => t.path !== "/" && p.startsWith(`${t.path}/`));
  return parent ? [{ ...parent, path: p }] : [];
};
const TARGETS = only
  ? only.flatMap((p) => {
      const listed = ALL_TARGETS.filter((t) => t.path === p);
      return listed.length ? listed : below(p);
    })
  : ALL_TARGETS;

type Run = {
  scores: Record<Category, number>;
  /** The SEO score without `is-crawlable`: what the budget uses on pages robots.txt disallows. */
  seoWithoutCrawlable: number;
  cls: number;
  tbtMs: number;
  lcpMs: number;
  failing: string[];
  consoleErrors: string[];
  /** What moved: the element (selector) with its share of CLS and Lighthouse's root causes. */
  shifts: string[];
  /** The long tasks (simulated, ms) by script, longest first: what to look at for TBT. */
  longTasks: string[];
  /** The LCP element (selector and HTML snippet) and its phases (ms): what the LCP waits for. */
  lcpElement: string;
  lcpPhases: string;
  /** Resources that block the first paint (URL, size in bytes, Lighthouse's estimated saving). */
  renderBlocking: string[];
  load1: number;
  /**
   * Lighthouse's measure of this host's CPU (`environment.benchmarkIndex`). Its 4× slowdown is
   * calibrated for an index of ~1,500 (docs/throttling.md in Lighthouse); below 1,000 it warns that
   * the host is slower than it expects, and every task, so TBT, is simulated that much longer.
   */
  hostIndex: number;
};

type Item = Record<string, unknown> & {
  node?: { selector?: string };
  subItems?: { items?: { cause?: string; extra?: { value?: string } }[] };
};
const itemsOf = (details: unknown) => ((details as { items?: Item[] } | undefined)?.items ?? []) as Item[];
const short = (url: unknown) => String(url ?? "").replace(/^https?:\/\/[^/]+/, "");

/**
 * `largest-contentful-paint-element` (Lighthouse 12): a list of two tables, the element (node) and
 * the phases (TTFB, load delay, load time, render delay; the middle two only for an image).
 */
function lcpOf(details: unknown): { element: string; phases: string } {
  const tables = ((details as { items?: unknown[] } | undefined)?.items ?? []) as { items?: Item[] }[];
  const node = (tables[0]?.items?.[0]?.node ?? {}) as { selector?: string; snippet?: string };
  const phases = (tables[1]?.items ?? []).map((i) => `${i.phase} ${Math.round(Number(i.timing))}`).join(", ");
  const snippet = String(node.snippet ?? "")
    .replace(/\s+/g, " ")
    .slice(0, 120);
  return { element: node.selector ? `${node.selector} ${snippet}` : "-", phases: phases || "-" };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const load = () => os.loadavg()[0]!.toFixed(2);

/**
 * The budget, for a page's medians (the verdict) or for one run (counted); `seo` is the
 * score the budget uses (without `is-crawlable` on pages robots.txt disallows).
 */
const withinBudget = (f: { scores: Record<Category, number>; seo: number; cls: number; tbtMs: number }) =>
  Object.values({ ...f.scores, seo: f.seo }).every((s) => s >= BUDGET.score) &&
  f.cls <= BUDGET.clsMax &&
  f.tbtMs <= BUDGET.tbtMaxMs;

// An operator for /admin; the env is read by the server started below (bench/lib/server.ts). With
// BENCH_URL, LH_ADMIN_KEY is the key of an address in that server's ADMIN_ADDRESSES (e.g. to audit
// two builds served side by side, run after run, under the same machine load).
const adminKey = (process.env.LH_ADMIN_KEY as Hex | undefined) ?? generatePrivateKey();
process.env.ADMIN_ADDRESSES = privateKeyToAccount(adminKey).address;

const server = await benchServer({ prepare: true });
const publicUrl = server.startedHere ? server.url.replace("127.0.0.1", "localhost") : server.url;
const port = await freePort();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
  args: [`--remote-debugging-port=${port}`, ...CHROMIUM_ARGS],
});

// The same browser over CDP: its default context is the one Lighthouse opens its tabs in.
const jar: BrowserContext = (await chromium.connectOverCDP(`http://127.0.0.1:${port}`)).contexts()[0]!;

/** Signs the browser in as `cookie` (`name=value`), or out. */
async function signBrowserIn(cookie: string | undefined) {
  await jar.clearCookies();
  if (!cookie) return;
  await jar.addCookies([browserCookie(cookie, publicUrl)]);
}

async function audit(url: string): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    ...(process.env.LH_TRACE_CATEGORIES
      ? { additionalTraceCategories: process.env.LH_TRACE_CATEGORIES }
      : {}),
  });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // LH_KEEP=<dir>: every run's whole report (observed trace timings, network requests, main-thread
  // tasks), to see what happened before the observed first paint.
  if (process.env.LH_KEEP) {
    fs.mkdirSync(process.env.LH_KEEP, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, "_") || "_"}-${Date.now()}.json`;
    fs.writeFileSync(path.join(process.env.LH_KEEP, name), JSON.stringify(lhr));
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace) fs.writeFileSync(path.join(process.env.LH_KEEP, `${name}.trace`), JSON.stringify(trace));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A lost session shows as a redirect to /connect: that is another page, not a figure for this one.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url}: ended on ${lhr.finalDisplayedUrl} (session lost?)`);
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const seoRefs = (lhr.categories.seo?.auditRefs ?? []).filter(
    (r) => r.id !== "is-crawlable" && r.weight > 0,
  );
  const weighed = seoRefs.filter((r) => lhr.audits[r.id]?.score != null);
  const seoWithoutCrawlable = Math.round(
    (100 * weighed.reduce((sum, r) => sum + r.weight * (lhr.audits[r.id]?.score ?? 0), 0)) /
      Math.max(
        1,
        weighed.reduce((sum, r) => sum + r.weight, 0),
      ),
  );
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // An audit fails when it costs points: a weighted reference below a full score (metrics below
  // "good", i.e. 0.9). Informative audits (weight 0) are left out.
  const failing = new Set<string>();
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const score = lhr.audits[ref.id]?.score;
      if (ref.weight > 0 && score != null && score < (c === "performance" ? 0.9 : 1)) failing.add(ref.id);
    }
  }
  const consoleItems = (lhr.audits["errors-in-console"]?.details as { items?: { description?: string }[] })
    ?.items;
  return {
    scores,
    seoWithoutCrawlable,
    cls: numeric("cumulative-layout-shift"),
    tbtMs: Math.round(numeric("total-blocking-time")),
    lcpMs: Math.round(numeric("largest-contentful-paint")),
    failing: [...failing],
    consoleErrors: (consoleItems ?? []).map((i) => String(i.description ?? "").slice(0, 200)),
    shifts: itemsOf(lhr.audits["layout-shifts"]?.details).map((i) => {
      const causes = (i.subItems?.items ?? []).map(
        (c) => `${c.cause}${c.extra?.value ? ` ${short(c.extra.value)}` : ""}`,
      );
      return `${Number(i.score).toFixed(3)} ${i.node?.selector ?? "?"}${causes.length ? ` [${causes.join("; ")}]` : ""}`;
    }),
    longTasks: itemsOf(lhr.audits["long-tasks"]?.details)
      .slice(0, 3)
      .map((i) => `${Math.round(Number(i.duration))} ms ${short(i.url) || "(no script)"}`),
    ...(({ element, phases }) => ({ lcpElement: element, lcpPhases: phases }))(
      lcpOf(lhr.audits["largest-contentful-paint-element"]?.details),
    ),
    renderBlocking: itemsOf(lhr.audits["render-blocking-resources"]?.details).map(
      (i) =>
        `${short(i.url)} ${Math.round(Number(i.totalBytes ?? 0) / 1024)} KB (saves ${Math.round(Number(i.wastedMs ?? 0))} ms)`,
    ),
    load1: os.loadavg()[0]!,
    hostIndex: Math.round(lhr.environment?.benchmarkIndex ?? Number.NaN),
  };
}

/**
 * The same audit of a bare Next 16 page (bench/lib/bare-next.ts), RUNS times before the pages: what
 * the framework alone scores on this machine at this load (its bootstrap is one long task after the
 * first paint), so a page's TBT can be read against it. Not budgeted; LH_BARE=0 skips it.
 */
async function auditBareNext(): Promise<Record<string, unknown> | null> {
  if (process.env.LH_BARE === "0") return null;
  const bare = await bareNext();
  try {
    await signBrowserIn(undefined);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(`${bare.url.replace("127.0.0.1", "localhost")}/`));
    const figure = {
      performance: median(runs.map((r) => r.scores.performance)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      lcpMs: median(runs.map((r) => r.lcpMs)),
      runsTbtMs: runs.map((r) => r.tbtMs),
      load1: runs.map((r) => r.load1.toFixed(2)).join("/"),
      hostIndex: runs.map((r) => r.hostIndex).join("/"),
    };
    console.log(
      `bare Next 16 page (reference, not budgeted)  perf ${figure.performance}  TBT ${figure.tbtMs} ms (${figure.runsTbtMs.join("/")}) LCP ${figure.lcpMs} ms  load ${figure.load1}  host index ${figure.hostIndex}`,
    );
    return figure;
  } finally {
    await bare.stop();
  }
}

let reference: Record<string, unknown> | null = null;
const rows: Record<string, unknown>[] = [];
try {
  // A fresh session per page: the run takes long enough for an early session to age out.
  const cookieFor = async (as: Visitor) =>
    as === "anonymous"
      ? undefined
      : (await signInOverHttp(server.url, publicUrl, as === "admin" ? { privateKey: adminKey } : {})).cookie;
  console.log(
    `Lighthouse mobile, ${RUNS} run(s) per page, medians; load at start ${load()} (${os.cpus().length} CPUs)`,
  );
  reference = await auditBareNext();
  for (const target of TARGETS) {
    const cookie = await cookieFor(target.as);
    const runs: Run[] = [];
    try {
      // One unmeasured request first: the first answer of a route after the server starts loads the
      // route's modules (1-2.7 s measured on /task), which Lantern would count as server response time
      // of the first run. The figures are for a running server, as a visitor meets it.
      await (
        await fetch(`${server.url}${target.path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" })
      ).arrayBuffer();
      for (let i = 0; i < RUNS; i++) {
        // The jar is empty again after a Lighthouse run (the session itself stays valid): every run.
        await signBrowserIn(cookie);
        runs.push(await audit(`${publicUrl}${target.path}`));
      }
    } catch (err) {
      // One page that cannot be audited is a FAIL of that page, not the end of the run.
      const error = err instanceof Error ? err.message : String(err);
      rows.push({ path: target.path, as: target.as, error, pass: false });
      console.log(`${target.path.padEnd(10)} ${target.as.padEnd(9)}  FAIL  ${error.slice(0, 200)}`);
      continue;
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]),
    ) as Record<Category, number>;
    const cls = median(runs.map((r) => r.cls));
    const tbtMs = median(runs.map((r) => r.tbtMs));
    const lcpMs = median(runs.map((r) => r.lcpMs));
    const counts = new Map<string, number>();
    for (const id of runs.flatMap((r) => r.failing)) counts.set(id, (counts.get(id) ?? 0) + 1);
    const failing = [...counts].map(([id, n]) => `${id}${RUNS > 1 ? ` (${n}/${RUNS})` : ""}`);
    const consoleErrors = [...new Set(runs.flatMap((r) => r.consoleErrors))];
    const shifts = [...new Set(runs.flatMap((r) => r.shifts))];
    // Pages kept out of search engines on purpose (robots.txt) are not marked down for it.
    const seoForBudget = target.crawl ? scores.seo : median(runs.map((r) => r.seoWithoutCrawlable));
    const pass = withinBudget({ scores, seo: seoForBudget, cls, tbtMs });
    const runsPassed = runs.filter((r) =>
      withinBudget({ ...r, seo: target.crawl ? r.scores.seo : r.seoWithoutCrawlable }),
    ).length;
    const loads = runs.map((r) => r.load1.toFixed(2)).join("/");
    rows.push({
      path: target.path,
      as: target.as,
      ...scores,
      seoForBudget,
      cls,
      tbtMs,
      lcpMs,
      failing,
      consoleErrors,
      pass,
      runsPassed,
      load1: loads,
      runs,
    });
    console.log(
      [
        `${target.path.padEnd(10)} ${target.as.padEnd(9)}`,
        `perf ${scores.performance} a11y ${scores.accessibility} bp ${scores["best-practices"]} seo ${scores.seo}${
          target.crawl ? "" : ` (${seoForBudget} w/o is-crawlable)`
        }`,
        `CLS ${cls.toFixed(3)} TBT ${tbtMs} ms (${runs.map((r) => r.tbtMs).join("/")}) LCP ${lcpMs} ms`,
        `load ${loads} host index ${runs.map((r) => r.hostIndex).join("/")}`,
        pass ? "PASS" : "FAIL",
        `runs within budget ${runsPassed}/${runs.length}`,
      ].join("  "),
    );
    if (failing.length) console.log(`           failing: ${failing.join(", ")}`);
    for (const e of consoleErrors) console.log(`           console: ${e}`);
    if (cls > 0.001) for (const x of shifts.slice(0, 4)) console.log(`           shift: ${x}`);
    const lcpRun = runs.find((r) => r.lcpMs === lcpMs) ?? runs[0]!;
    console.log(`           LCP element: ${lcpRun.lcpElement}`);
    console.log(`           LCP phases (ms, median run): ${lcpRun.lcpPhases}`);
    const blocking = [
      ...new Set(runs.flatMap((r) => r.renderBlocking.map((b) => b.replace(/ \(saves.*/, "")))),
    ];
    console.log(`           render-blocking: ${blocking.join(", ") || "-"}`);
    if (tbtMs > 0)
      console.log(
        `           long tasks (median run): ${runs.find((r) => r.tbtMs === tbtMs)?.longTasks.join(", ") || "-"}`,
      );
  }
  const passed = rows.filter((r) => r.pass).length;
  const runsPassed = rows.reduce((n, r) => n + Number(r.runsPassed ?? 0), 0);
  console.log(
    `${passed}/${rows.length} pages within budget on their medians; ${runsPassed}/${rows.length * RUNS} runs within budget; load at end ${load()}`,
  );
  console.log(
    `written ${writeResult(process.env.LH_OUT ?? "lighthouse", { budget: BUDGET, runsPerPage: RUNS, cpus: os.cpus().length, reference, rows })}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
