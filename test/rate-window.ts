/**
 * Rate limits count in fixed windows aligned to the clock (src/features/auth/server/rate-limit.ts).
 * A test that sends `limit + 1` requests and expects the last to be refused would see a fresh count
 * if it straddled a window boundary, so it first waits until it is well inside a window.
 */
export async function awayFromWindowEdge(windowSeconds = 60, marginMs = 10_000): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const into = Date.now() % windowMs;
  if (into > windowMs - marginMs) await new Promise((r) => setTimeout(r, windowMs - into + 200));
}
