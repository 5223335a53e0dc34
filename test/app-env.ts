import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DbHandle } from "../src/db/client";
import { resetConfigForTests } from "../src/server/config";
import { testDb } from "./db";

export type TestApp = {
  handle: DbHandle;
  /** The app's DATA_DIR for this test file (a fresh temporary folder). */
  dataDir: string;
  /** Closes the database, removes the folder, puts every variable back and re-reads the config. */
  close(): Promise<void>;
};

type Env = Record<string, string | undefined>;

/**
 * What an integration test that calls the app's own routes or services needs: its own DATA_DIR,
 * the environment it asks for, the config read again from it, and a fresh migrated database
 * (test/db.ts). `env` may depend on the data folder (e.g. DEPLOYMENTS_DIR); a value of `undefined`
 * removes the variable, so a value from the developer's shell cannot change the test.
 */
export async function openTestApp(
  name: string,
  env: Env | ((dataDir: string) => Env) = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `aurum-${name}-`));
  const wanted: Env = {
    PUBLIC_URL: "http://localhost:3000",
    DATA_DIR: dataDir,
    ...(typeof env === "function" ? env(dataDir) : env),
  };
  const saved: Env = {};
  for (const [key, value] of Object.entries(wanted)) {
    saved[key] = process.env[key];
    setVar(key, value);
  }
  resetConfigForTests();
  const handle = await testDb();
  return {
    handle,
    dataDir,
    close: async () => {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      for (const [key, value] of Object.entries(saved)) setVar(key, value);
      resetConfigForTests();
    },
  };
}

function setVar(key: string, value: string | undefined): void {
  if (value === undefined) delete process.env[key];
  else process.env[key] = value;
}
