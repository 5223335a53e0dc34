/**
 * Waits `ms`, or less when `signal` aborts: a worker's pause that shutdown cuts short. Resolves in
 * both cases (unlike node:timers/promises, which rejects on abort): the caller's loop checks the
 * signal itself.
 */
export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
