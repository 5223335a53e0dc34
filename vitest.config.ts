import path from "node:path";
import { defineConfig } from "vitest/config";
import { envSchema } from "./src/server/config";
import TestFileOrder from "./test/file-order";

// The app's configuration found in the shell (an operator's exported .env, a CI machine's
// DATABASE_URL or TESTNET_RPC_URL) would configure the tests and fail them: they start from the
// app's defaults and set what they test. Removed here, before vitest starts its workers.
for (const key of Object.keys(envSchema.shape)) if (key !== "NODE_ENV") delete process.env[key];

// `server-only` throws outside React's server build; tests import server modules directly.
const alias = {
  "@": path.resolve(import.meta.dirname, "src"),
  "server-only": path.resolve(import.meta.dirname, "test/server-only.ts"),
};

// Two projects: `unit` is pure and fast; `integration` talks to PGlite/PostgreSQL and Anvil.
// Integration files are named *.int.test.ts; each spawns what it needs on its own ports.
export default defineConfig({
  resolve: { alias },
  test: {
    // The default output, plus a closing list of every retried test (test/retry-reporter.ts).
    reporters: ["default", "./test/retry-reporter.ts"],
    // The order files start in (test/file-order.ts). Vitest reads the sequencer from this root
    // config only, for every project; set in a project, it is silently not used.
    sequence: { sequencer: TestFileOrder },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          // *.test.tsx are component tests (React Testing Library, `// @vitest-environment happy-dom`).
          include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
          environment: "node",
          // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine
          // (unit pass 109 s there, 60 s with two).
          maxWorkers: 2,
          // Files share worker processes, as in the integration project (unit pass on 2 cores ~210 s
          // isolated, ~110 s shared); test/fresh-file.ts and test/fresh-dom.ts give each file what a
          // fresh process would (docs/ARCHITECTURE.md, "Testing").
          isolate: false,
          setupFiles: ["test/fresh-file.ts", "test/fresh-dom.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["src/**/*.int.test.ts", "contracts/test/**/*.int.test.ts", "test/**/*.int.test.ts"],
          environment: "node",
          globalSetup: ["test/pglite-template.ts"],
          pool: "forks",
          // One worker process runs many files: node_modules load once per worker, not per file
          // (PGlite pass 520–610 s isolated, about 320 s shared). test/fresh-file.ts gives each
          // file the environment, globals and app modules of a fresh process.
          isolate: false,
          setupFiles: ["test/fresh-file.ts"],
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // These drive real processes (Anvil, PostgreSQL) on a shared 2-core CI machine; one retry
          // absorbs a scheduling hiccup, and the report still names any test that needed it.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
