/**
 * Memory settings of the web process (scripts/serve.ts), measured with `npm run bench:soak` and
 * explained in docs/ARCHITECTURE.md, "Server memory". Both are decided here, from the node flags the
 * process was started with, so that `npm start`, the scale-out recipe's hand-started processes, the
 * browser tests and the benches all run the same way.
 */

/**
 * Whether Node's source maps stay on. scripts/serve.ts runs under tsx, and registering tsx turns
 * them on for the whole process; with them on, Node reads and keeps for the life of the process the
 * `.map` file of every module it loads, each of Next's server chunks included (88 MiB of maps for
 * this build; the live heap was ~190 MiB with them, ~90 without). `next start` leaves them off. So
 * does the entry in production once its own TypeScript is loaded, unless the operator asked for them
 * with `--enable-source-maps` (mapped stack traces for that memory). `next dev` manages its own.
 */
export function keepSourceMaps(nodeEnv: string | undefined, execArgv: string[], nodeOptions = ""): boolean {
  if (nodeEnv !== "production") return true;
  return flags(execArgv, nodeOptions).includes("--enable-source-maps");
}

/**
 * V8 lets the old generation grow to ~1.1–4× what survived the last full collection before the next
 * one, the more the slower collection is against the program (a loaded machine: ~3.5×, a live heap
 * of ~100 MiB held ~380 MiB). 1.5× keeps ~190 MiB for the same traffic at the same GC time per
 * request: that time goes to young-generation scavenges, which this does not change. A growth
 * factor rather than `--max-old-space-size`: no fixed ceiling to run out of under a burst. V8 reads
 * it at every full collection, so setting it at run time works. Null when the operator gave one.
 */
export const HEAP_GROWING_PERCENT = 50;
export function heapGrowingFlag(execArgv: string[], nodeOptions = ""): string | null {
  if (flags(execArgv, nodeOptions).some((f) => /^--heap[-_]growing[-_]percent(=|$)/.test(f))) return null;
  return `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
}

const flags = (execArgv: string[], nodeOptions: string) => [...execArgv, ...nodeOptions.split(/\s+/)];
