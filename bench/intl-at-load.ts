/**
 * `npm run bench:intl`: which `Intl` calls each page makes while it loads (docs/ARCHITECTURE.md,
 * "Main-thread work"). A document's first locale-sensitive call builds V8's set of ICU locales, a
 * 14–50 ms task; pages format their load-time numbers from the server's symbols instead
 * (src/lib/decimal-format.ts), so the expected figure is 0 calls on every page. Each call found is
 * printed once with the first frames of its stack. Loads each page signed in at 412 px (`/anon` is
 * `/` signed out), waits 4 s after load. Build first (`npx next build`; `NEXT_DIST_DIR` for another
 * build, e.g. `--no-mangling` for readable stacks). INTL_PAGES=/wallet,/testnet picks pages;
 * INTL_LOCALE=de-DE loads them in another language (Accept-Language).
 */
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/lib/chromium";
import { ROUTES } from "../src/lib/routes";
import { browserCookie, signInOverHttp } from "../test/siwe-http";
import { benchServer } from "./lib/server";

// Wraps every locale-sensitive entry point before the page's own scripts run.
const RECORD_INTL = `(() => {
  const calls = [];
  window.__intlCalls = calls;
  const note = (what) => calls.push(what + "\\n" + (new Error().stack || "").split("\\n").slice(3, 8).join("\\n"));
  for (const name of ["NumberFormat", "DateTimeFormat", "RelativeTimeFormat", "Collator", "PluralRules",
    "Segmenter", "ListFormat", "Locale", "DisplayNames"]) {
    const Original = Intl[name];
    if (!Original) continue;
    Intl[name] = new Proxy(Original, {
      construct(target, args) { note("new Intl." + name); return Reflect.construct(target, args); },
      apply(target, self, args) { note("Intl." + name); return Reflect.apply(target, self, args); },
    });
  }
  for (const [proto, method] of [[Number.prototype, "toLocaleString"], [BigInt.prototype, "toLocaleString"],
    [String.prototype, "localeCompare"], [Date.prototype, "toLocaleString"], [Date.prototype, "toLocaleDateString"],
    [Date.prototype, "toLocaleTimeString"], [Array.prototype, "toLocaleString"]]) {
    const original = proto[method];
    proto[method] = function (...args) { note(method); return original.apply(this, args); };
  }
})();`;

const pages = process.env.INTL_PAGES?.split(",") ?? [
  "/anon",
  ...Object.values(ROUTES)
    .filter((r) => r.access !== "admin")
    .map((r) => r.path),
];
const server = await benchServer({ prepare: true });
const publicUrl = server.startedHere ? server.url.replace("127.0.0.1", "localhost") : server.url;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const cookie = (await signInOverHttp(server.url, publicUrl)).cookie;
  for (const path of pages) {
    const ctx = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      locale: process.env.INTL_LOCALE ?? "en-US",
    });
    if (path !== "/anon") await ctx.addCookies([browserCookie(cookie, publicUrl)]);
    await ctx.addInitScript({ content: RECORD_INTL });
    const page = await ctx.newPage();
    await page.goto(`${publicUrl}${path === "/anon" ? "/" : path}`, { waitUntil: "load" });
    await page.waitForTimeout(4000);
    const calls: string[] = await page.evaluate(
      () => (window as unknown as { __intlCalls: string[] }).__intlCalls,
    );
    console.log(`${path.padEnd(10)} ${calls.length} Intl call(s) during load`);
    for (const call of new Set(calls))
      console.log(`  ${call.replaceAll(publicUrl, "").replaceAll("\n", "\n  ")}`);
    await ctx.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
