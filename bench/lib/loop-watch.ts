/**
 * Event-loop delay as a visitor's request would feel it: a 10 ms timer whose lateness per tick is the
 * delay. A stretch that never yields is ONE late tick (a histogram of ticks under-weights it), so
 * the stalls (late by more than 20 ms) and their total are kept too, each tagged with `phase()`.
 * Run as a script (`node --import tsx bench/lib/loop-watch.ts`) it watches an idle process until its
 * stdin closes and prints the figures as JSON: the control for what the machine's load alone costs.
 */
export type LoopFigures = {
  ticks: number;
  p50: number;
  p99: number;
  max: number;
  stalls: number;
  blockedMs: number;
};
export type Stall = { at: number; gap: number; phase: string };

export function watchEventLoop(phase: () => string = () => "") {
  const stalls: Stall[] = [];
  const lateness: number[] = [];
  const started = performance.now();
  let last = started;
  const timer = setInterval(() => {
    const now = performance.now();
    const gap = now - last - 10;
    lateness.push(Math.max(0, gap));
    if (gap > 20) stalls.push({ at: Math.round(now - started), gap: Math.round(gap), phase: phase() });
    last = now;
  }, 10);
  return {
    /** Waits one more tick first, so a stall still in progress when the work ended is counted. */
    async stop(): Promise<{ figures: LoopFigures; longest: Stall[] }> {
      await new Promise((r) => setTimeout(r, 30));
      clearInterval(timer);
      const sorted = [...lateness].sort((a, b) => a - b);
      const q = (p: number) =>
        Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
      return {
        figures: {
          ticks: sorted.length,
          p50: q(0.5),
          p99: q(0.99),
          max: Math.round(sorted.at(-1) ?? 0),
          stalls: stalls.length,
          blockedMs: stalls.reduce((sum, s) => sum + s.gap, 0),
        },
        longest: [...stalls].sort((a, b) => b.gap - a.gap).slice(0, 6),
      };
    },
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() as string)) {
  const watch = watchEventLoop();
  process.stdin.resume();
  process.stdin.on("end", async () => {
    console.log(JSON.stringify((await watch.stop()).figures));
    process.exit(0);
  });
}
