import { vi } from "vitest";

/**
 * Runs before every unit and integration test file. Neither project isolates files (one worker
 * process runs many of them, vitest.config.ts): the packages under node_modules are loaded once per
 * worker instead of once per file (the PGlite pass took 520–610 s isolated and about 320 s shared,
 * the PostgreSQL pass 500 s and about 310 s, the unit pass about 210 s and 110 s). What a file must
 * still start from, as if it had the process to itself:
 * - what vitest would have dropped with the process: fake timers (and the timer globals themselves),
 *   stubbed globals and environment variables, spies on objects of modules that stay loaded
 *   (console, fetch);
 * - the environment as the worker began (a file that sets ADMIN_ADDRESSES or TESTNET_RPC_URL and
 *   does not put it back must not configure the next file);
 * - no process-wide state of the app: the values kept on globalThis for every bundle to share
 *   (src/server/process-state.ts, the database handle, the balance service, the metrics registries);
 * - the app's own modules evaluated afresh (their module-level caches, config() among them).
 */
vi.useRealTimers();
vi.unstubAllGlobals();
// useRealTimers only undoes fakes vitest knows of. A spy on a faked setTimeout, restored after
// useRealTimers, puts the fake back unknown to vitest, and every later file in the worker then waits
// forever on its timers (src/features/indexer/server/indexer.test.ts did that). So the clock globals
// are set back to what the worker began with.
const CLOCK = Symbol.for("vitest.fresh-file.clock");
const clockNames = [
  "setTimeout",
  "clearTimeout",
  "setInterval",
  "clearInterval",
  "setImmediate",
  "clearImmediate",
  "Date",
] as const;
const g = globalThis as unknown as Record<PropertyKey, unknown>;
if (!(CLOCK in g)) g[CLOCK] = Object.fromEntries(clockNames.map((name) => [name, g[name]]));
Object.assign(globalThis, g[CLOCK] as object);
vi.unstubAllEnvs();
vi.restoreAllMocks();

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
