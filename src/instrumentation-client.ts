/**
 * Runs in the browser before the app (Next's client instrumentation hook). The page's CSP forbids
 * eval (src/lib/csp.ts); zod would otherwise probe `new Function` at its first object parse, which
 * the browser blocks and reports as a violation. Without JIT it parses the same, only without the
 * compiled fast path, which the few small client-side forms do not need.
 *
 * Not `import { config } from "zod/v4/core"`: that put zod's core and util (~3 KB gzip) into the
 * bootstrap chunk of every page, the signed-out landing page included. zod keeps its global
 * configuration on `globalThis.__zod_globalConfig` and only creates it when missing (zod/v4/core
 * core.js), so seeding it here has the same effect; src/lib/zod-jitless.test.ts checks that zod
 * still reads it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

// A module (not a script), so the test can import it.
export {};
