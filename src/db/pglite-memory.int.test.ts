import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { postgresPass } from "../../test/db";
import { type DbHandle, openDb, PGLITE_SHARED_BUFFERS } from "./client";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-pglite-mem-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** The PGlite instance under Drizzle (drizzle-orm keeps it as `$client`). */
const pglite = (handle: DbHandle) => (handle.db as unknown as { $client: PGlite }).$client;

async function setting(handle: DbHandle, name: string): Promise<string> {
  const result = await pglite(handle).query<Record<string, string>>(`SHOW ${name}`);
  return result.rows[0]![name]!;
}

/** PGlite's WebAssembly memory in bytes (its Emscripten module; it only ever grows). */
function wasmBytes(handle: DbHandle): number {
  return (pglite(handle) as unknown as { mod: { HEAPU8: Uint8Array } }).mod.HEAPU8.byteLength;
}

// src/db/client.ts, PGLITE_SHARED_BUFFERS: docs/ARCHITECTURE.md, "Server memory".
describe.skipIf(postgresPass)("PGlite memory settings", () => {
  it("an in-memory database runs with our shared buffers and keeps PGlite's own start parameters", async () => {
    const handle = await openDb({ memory: true });
    try {
      expect(PGLITE_SHARED_BUFFERS).toBe("32MB");
      expect(await setting(handle, "shared_buffers")).toBe("32MB");
      // PGlite's defaults (single process, no parallel workers) are still applied.
      expect(await setting(handle, "max_parallel_workers_per_gather")).toBe("0");
      expect(await setting(handle, "search_path")).toBe("public");
      // With PostgreSQL's 128 MB the shared memory alone grows it to ~189 MiB at start-up.
      expect(wasmBytes(handle)).toBeLessThanOrEqual(128 * 1024 * 1024);
    } finally {
      await handle.close();
    }
  });

  it("applies to a data directory whose postgresql.conf says 128MB (initdb's default), on every open", async () => {
    const dataDir = path.join(root, "pglite");
    const first = await openDb({ dataDir });
    await first.exec("CREATE TABLE t (x int PRIMARY KEY); INSERT INTO t VALUES (1);");
    await first.close();
    expect(fs.readFileSync(path.join(dataDir, "postgresql.conf"), "utf8")).toMatch(
      /^shared_buffers = 128MB/m,
    );

    const again = await openDb({ dataDir });
    try {
      expect(await setting(again, "shared_buffers")).toBe("32MB");
      expect(wasmBytes(again)).toBeLessThanOrEqual(128 * 1024 * 1024);
      expect((await pglite(again).query("SELECT x FROM t")).rows).toEqual([{ x: 1 }]);
    } finally {
      await again.close();
    }
  });
});
