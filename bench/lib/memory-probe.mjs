/**
 * Bench only: what a server process's RSS is made of, sampled from inside it. bench/soak.ts loads it
 * into the server with `--import ./bench/lib/memory-probe.mjs` and MEMORY_PROBE_FILE set; it is never
 * loaded in production. Every MEMORY_PROBE_MS (default 5 s) it appends one JSON line:
 * - process.memoryUsage() and V8's heap spaces (used/size per space: new, old, code, large object…);
 * - the RSS of the process's memory mappings by kind, from /proc/self/smaps: PGlite's WebAssembly
 *   memory (the anonymous read-write mapping exactly as large as its grown memory, at the start of
 *   V8's guarded reservation); the V8 heap cannot be told apart from malloc's other anonymous
 *   mappings, so those are "anon"; "[heap]" is malloc's brk arena; file-backed mappings (code, the
 *   build's files) are "file";
 * - PGlite's grown WebAssembly memory (bytes; it never shrinks) when the process has opened it;
 * - the time spent in garbage collection so far, by kind (PerformanceObserver "gc" entries).
 * MEMORY_PROBE_GC=1 (needs --expose-gc) also records the heap used after a full collection, which
 * tells retained objects from garbage not yet collected.
 */
import fs from "node:fs";
import { constants, PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";

const file = process.env.MEMORY_PROBE_FILE;
const every = Number(process.env.MEMORY_PROBE_MS ?? 5_000);
const MiB = 1024 * 1024;
const mib = (n) => Math.round((n / MiB) * 10) / 10;

const gcMs = { minor: 0, major: 0, incremental: 0, weakcb: 0 };
const gcCount = { minor: 0, major: 0, incremental: 0, weakcb: 0 };
const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weakcb",
};
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = KINDS[e.detail?.kind] ?? "major";
    gcMs[kind] += e.duration;
    gcCount[kind]++;
  }
}).observe({ entryTypes: ["gc"] });

/** RSS (MiB) per mapping kind, from /proc/self/smaps; `wasmBytes`: PGlite's memory size. */
function mappings(wasmBytes) {
  const out = { wasm: 0, anon: 0, brkHeap: 0, file: 0, stack: 0, other: 0 };
  let kind = "other";
  for (const line of fs.readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) {
      const size = Number.parseInt(head[2], 16) - Number.parseInt(head[1], 16);
      const name = head[4];
      if (name === "[heap]") kind = "brkHeap";
      else if (name === "[stack]") kind = "stack";
      else if (name.startsWith("/")) kind = "file";
      else if (name === "" && size === wasmBytes) kind = "wasm";
      else if (name === "") kind = "anon";
      else kind = "other";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) out[kind] += Number(rss[1]);
  }
  for (const k of Object.keys(out)) out[k] = mib(out[k] * 1024);
  return out;
}

async function pgliteWasmBytes() {
  try {
    const handle = await globalThis.__aurumDb;
    const mod = handle?.db?.$client?.mod;
    return mod?.HEAPU8?.byteLength ?? mod?.HEAP8?.byteLength ?? null;
  } catch {
    return null;
  }
}

async function sample() {
  let afterGc = null;
  if (process.env.MEMORY_PROBE_GC === "1" && typeof globalThis.gc === "function") {
    globalThis.gc();
    afterGc = mib(process.memoryUsage().heapUsed);
  }
  const m = process.memoryUsage();
  const spaces = {};
  for (const s of v8.getHeapSpaceStatistics()) {
    spaces[s.space_name.replace(/_space$/, "")] = { used: mib(s.space_used_size), size: mib(s.space_size) };
  }
  const h = v8.getHeapStatistics();
  const wasm = await pgliteWasmBytes();
  const maps = mappings(wasm);
  const line = {
    t: Date.now(),
    rss: mib(m.rss),
    heapTotal: mib(m.heapTotal),
    heapUsed: mib(m.heapUsed),
    heapUsedAfterFullGc: afterGc,
    external: mib(m.external),
    arrayBuffers: mib(m.arrayBuffers),
    mallocedMemory: mib(h.malloced_memory),
    heapLimit: mib(h.heap_size_limit),
    pgliteWasm: wasm === null ? null : mib(wasm),
    mappings: maps,
    spaces,
    gcMs: Object.fromEntries(Object.entries(gcMs).map(([k, v]) => [k, Math.round(v)])),
    gcCount: { ...gcCount },
  };
  fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
}

if (file) {
  setInterval(() => void sample(), every).unref();
  void sample();
}
