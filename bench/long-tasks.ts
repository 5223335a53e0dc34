/**
 * `npx tsx bench/long-tasks.ts`: what the long tasks of a page load are made of (docs/ARCHITECTURE.md,
 * "Main-thread work"). Loads each page signed in (a session made over HTTP; `/anon` = `/` signed out;
 * the console's pages as an operator)
 * at 412 px with 4× CPU throttling, records a Chromium trace with the V8 CPU profiler, and prints every
 * main-thread task over 50 ms with the trace events it is made of (parse, style, layout, the chunk it
 * evaluates, a timer: what a task without JS samples is) and its CPU samples grouped by function:
 * self (leaf) and inclusive (anywhere on the stack). Build with readable names first:
 * `NEXT_DIST_DIR=.next-nm next build --no-mangling`, then `NEXT_DIST_DIR=.next-nm
 * TRACE_PAGES=/wallet,/testnet TRACE_RUNS=1 npx tsx bench/long-tasks.ts` (TRACE_SAVE=<prefix> keeps
 * the raw traces for DevTools; TRACE_CATEGORIES=fonts adds the system-font lookups to the
 * breakdown). Figures, not assertions; they swing with machine load.
 */
import fs from "node:fs";
import os from "node:os";
import { chromium } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/lib/chromium";
import { browserCookie, signInOverHttp } from "../test/siwe-http";
import { benchServer } from "./lib/server";

const pages = (process.env.TRACE_PAGES ?? "/wallet").split(",");
const runs = Number(process.env.TRACE_RUNS ?? 1);
// TRACE_CPU_RATE=1 TRACE_MIN_MS=12.5: the unthrottled load Lighthouse observes (its simulation
// multiplies each observed task by 4), listing the tasks that become long tasks there.
const cpuRate = Number(process.env.TRACE_CPU_RATE ?? 4);
const minMs = Number(process.env.TRACE_MIN_MS ?? 50);
// The console's pages (/admin…) are loaded as an operator: ADMIN_ADDRESSES of the server started here.
const operatorKey = generatePrivateKey();
process.env.ADMIN_ADDRESSES = privateKeyToAccount(operatorKey).address;
const server = await benchServer({ prepare: true });
const publicUrl = server.startedHere ? server.url.replace("127.0.0.1", "localhost") : server.url;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const TRACE_EVENTS = new Set([
  "ParseHTML",
  "ParseAuthorStyleSheet",
  "UpdateLayoutTree",
  "Layout",
  "PrePaint",
  "Paint",
  "Commit",
  "EvaluateScript",
  "v8.compile",
  "FunctionCall",
  "TimerFire",
  "RunMicrotasks",
  "EventDispatch",
  "MinorGC",
  "MajorGC",
  "DocumentLoader::CommitNavigation",
  // With TRACE_CATEGORIES=fonts: the synchronous calls to the browser process for system fonts.
  "FontDataManager::onMatchFamilyStyle",
  "WebSandboxSupportLinux::MatchFontByPostscriptNameOrFullFontName",
  "WebSandboxSupportLinux::GetWebFontRenderStyleForStrike",
]);
type Ev = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      url?: string;
      timeDeltas?: number[];
      cpuProfile?: {
        nodes?: {
          id: number;
          parent?: number;
          callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
        }[];
        samples?: number[];
      };
    };
  };
  id?: string;
};
try {
  const participant = (await signInOverHttp(server.url, publicUrl)).cookie;
  const operator = (await signInOverHttp(server.url, publicUrl, { privateKey: operatorKey })).cookie;
  for (const p of pages)
    for (let r = 0; r < runs; r++) {
      const cookie = p.startsWith("/admin") ? operator : participant;
      const ctx = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      if (p !== "/anon") await ctx.addCookies([browserCookie(cookie, publicUrl)]);
      // TRACE_INIT_SCRIPT=<file>: run before the page's scripts (an experiment: what if X ran first?).
      if (process.env.TRACE_INIT_SCRIPT) await ctx.addInitScript({ path: process.env.TRACE_INIT_SCRIPT });
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuRate });
      await browser.startTracing(page, {
        categories: [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "disabled-by-default-v8.cpu_profiler",
          "v8.execute",
          "toplevel",
          "blink.user_timing",
          "loading",
          // TRACE_CATEGORIES=fonts,blink: more detail inside style and layout (e.g. font fallback).
          ...(process.env.TRACE_CATEGORIES?.split(",") ?? []),
        ],
      });
      await page.goto(`${publicUrl}${p === "/anon" ? "/" : p}`, { waitUntil: "load" });
      await page.waitForTimeout(6000);
      const buf = await browser.stopTracing();
      if (process.env.TRACE_SAVE)
        fs.writeFileSync(`${process.env.TRACE_SAVE}-${p.replace(/\//g, "_")}-${r}.json`, buf);
      await ctx.close();
      const events: Ev[] = JSON.parse(buf.toString()).traceEvents;
      const mainThread = events.find(
        (e) =>
          e.name === "thread_name" &&
          e.args?.name === "CrRendererMain" &&
          events.some((x) => x.pid === e.pid && x.name === "ProfileChunk"),
      );
      if (!mainThread) {
        console.log(p, "no main thread");
        continue;
      }
      const { pid, tid } = mainThread;
      const nav =
        events.find((e) => e.name === "navigationStart" && e.pid === pid) ??
        events.find((e) => e.pid === pid && e.tid === tid)!;
      const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === pid);
      const t0 = nav.ts;
      const tasks = events.filter(
        (e) =>
          e.pid === pid &&
          e.tid === tid &&
          e.name === "RunTask" &&
          e.ph === "X" &&
          (e.dur ?? 0) > minMs * 1000,
      );
      // CPU profile
      const nodes = new Map<
        number,
        { name: string; url: string; line: number; column: number; parent?: number }
      >();
      const samples: { ts: number; node: number }[] = [];
      let startTime = 0;
      for (const e of events.filter(
        (e) => e.pid === pid && (e.name === "Profile" || e.name === "ProfileChunk"),
      )) {
        if (e.name === "Profile") startTime = e.args?.data?.startTime ?? 0;
        const d = e.args?.data;
        const cp = d?.cpuProfile;
        for (const n of cp?.nodes ?? [])
          nodes.set(n.id, {
            name: n.callFrame.functionName || "(anon)",
            url: n.callFrame.url,
            line: n.callFrame.lineNumber,
            column: n.callFrame.columnNumber,
            parent: n.parent,
          });
        let t = samples.length ? samples[samples.length - 1]!.ts : startTime;
        const deltas: number[] = d?.timeDeltas ?? [];
        (cp?.samples ?? []).forEach((s: number, i: number) => {
          t += deltas[i] ?? 0;
          samples.push({ ts: t, node: s });
        });
      }
      const label = (id: number) => {
        const n = nodes.get(id)!;
        // A minified chunk is one line: the column tells anonymous functions apart.
        return `${n.name} ${(n.url ?? "").replace(/^.*\//, "")}:${n.line}:${n.column}`;
      };
      // The trace events inside a task, by time: names what a task without JS samples is made of
      // (ParseHTML, UpdateLayoutTree, Layout, EvaluateScript <chunk>, TimerFire). Nested events
      // overlap, so the figures do not add up to the task.
      const mine = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.dur);
      const traceBreakdown = (task: Ev) => {
        const byName = new Map<string, number>();
        for (const e of mine) {
          if (e === task || e.ts < task.ts || e.ts + e.dur! > task.ts + task.dur!) continue;
          if (!TRACE_EVENTS.has(e.name)) continue;
          const url = e.args?.data?.url?.replace(/^.*\//, "");
          const key = url ? `${e.name} ${url}` : e.name;
          byName.set(key, (byName.get(key) ?? 0) + e.dur! / 1000);
        }
        return [...byName]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([k, ms]) => `${k} ${ms.toFixed(1)}`)
          .join(" | ");
      };
      let tbt = 0;
      console.log(
        `\n== ${p} run ${r} (load ${os.loadavg()[0]!.toFixed(2)}) FCP ${fcp ? ((fcp.ts - t0) / 1000).toFixed(0) : "?"} ms; tasks > ${minMs} ms: ${tasks.length}`,
      );
      for (const task of tasks) {
        const dur = task.dur! / 1000;
        tbt += Math.max(0, dur - minMs);
        const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur!);
        const self = new Map<string, number>();
        const incl = new Map<string, number>();
        for (const s of inside) {
          self.set(label(s.node), (self.get(label(s.node)) ?? 0) + 1);
          const seen = new Set<string>();
          for (let id: number | undefined = s.node; id; id = nodes.get(id)?.parent) {
            const l = label(id);
            if (!seen.has(l)) {
              seen.add(l);
              incl.set(l, (incl.get(l) ?? 0) + 1);
            }
          }
        }
        const top = (m: Map<string, number>, n: number) =>
          [...m]
            .sort((a, b) => b[1] - a[1])
            .filter(([k]) => !/^\(root\)|^\(program\)/.test(k))
            .slice(0, n)
            .map(([k, v]) => `${v} ${k}`)
            .join(" | ");
        console.log(
          `-- task at ${((task.ts - t0) / 1000).toFixed(0)} ms, ${dur.toFixed(0)} ms, ${inside.length} samples`,
        );
        console.log(`   trace: ${traceBreakdown(task)}`);
        console.log(`   self: ${top(self, 8)}`);
        console.log(`   incl: ${top(incl, 22)}`);
      }
      console.log(
        `   sum(max(0, task-${minMs})) = ${tbt.toFixed(0)} ms (CPU rate ${cpuRate}, all tasks after nav)`,
      );
    }
} finally {
  await browser.close();
  await server.stop();
}
