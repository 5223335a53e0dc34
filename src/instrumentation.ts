/**
 * Next.js start-up hook. The Node-only part sits behind the literal NEXT_RUNTIME check, so the edge
 * compilation drops it (and its Node APIs) entirely.
 */
export async function register(): Promise<void> {
  // `next build` may load server code to prerender pages; workers belong to a running server only.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const [{ bootWorkers }, { portalWorkers }, { warnIfClientIpUnknown }] = await Promise.all([
      import("./server/workers-boot"),
      import("./workers"),
      import("./server/client-ip-warning"),
    ]);
    warnIfClientIpUnknown();
    await bootWorkers(portalWorkers);
  }
}
