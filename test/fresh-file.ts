import { vi } from "vitest";

/**
 * Runs before every integration test file. That project does not isolate files (one worker process
 * runs many of them, vitest.config.ts): the packages under node_modules are loaded once per worker
 * instead of once per file (the PGlite pass took 520–610 s isolated and about 320 s shared, the
 * PostgreSQL pass 500 s and about 310 s). What a file must still start from, as if it had the
 * process to itself:
 * - what vitest would have dropped with the process: fake timers, stubbed globals and environment
 *   variables, spies on objects of modules that stay loaded (console, fetch);
 * - the environment as the worker began (a file that sets ADMIN_ADDRESSES or TESTNET_RPC_URL and
 *   does not put it back must not configure the next file);
 * - no process-wide state of the app: the values kept on globalThis for every bundle to share
 *   (src/server/process-state.ts, the database handle, the balance service, the metrics registries);
 * - the app's own modules evaluated afresh (their module-level caches, config() among them).
 */
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.restoreAllMocks();

const g = globalThis as unknown as Record<PropertyKey, unknown>;
const ENV = Symbol.for("vitest.fresh-file.env");
if (!(ENV in g)) g[ENV] = { ...process.env };
const pristine = g[ENV] as NodeJS.ProcessEnv;
for (const key of Object.keys(process.env)) if (!(key in pristine)) delete process.env[key];
Object.assign(process.env, pristine);

for (const key of Reflect.ownKeys(g)) {
  const ours = typeof key === "symbol" ? key.description?.startsWith("aurum.") : key.startsWith("__aurum");
  // The previous file closed what it opened (its afterAll); only the references are dropped here.
  if (ours) delete g[key];
}

vi.resetModules();
