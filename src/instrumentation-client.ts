import { config } from "zod/v4/core";

/**
 * Runs in the browser before the app (Next's client instrumentation hook). The page's CSP forbids
 * eval (src/lib/csp.ts); zod would otherwise probe `new Function` at its first object parse, which
 * the browser blocks and reports as a violation. Without JIT it parses the same, only without the
 * compiled fast path, which the few small client-side forms do not need.
 */
config({ jitless: true });
