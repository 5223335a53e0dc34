import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { testDb } from "../../test/db";
import { startWorkers, type Worker } from "./workers";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle?.close();
});

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Resolves when the signal aborts. */
const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) =>
    signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve()),
  );

describe("worker host", () => {
  it("restarts a crashing worker with backoff and stop() waits for it to return", async () => {
    let runs = 0;
    let returned = false;
    const worker: Worker = {
      name: "flaky",
      async run({ signal, db }) {
        runs++;
        await db.execute(sql`SELECT 1`);
        if (runs <= 2) throw new Error(`crash ${runs}`);
        await untilAborted(signal);
        await new Promise((r) => setTimeout(r, 50));
        returned = true;
      },
    };
    const host = await startWorkers([worker], { handle, backoffMs: 20 });
    await until(() => runs === 3);
    await host.stop();
    expect(returned).toBe(true);
    expect(runs).toBe(3);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("leader lock (PostgreSQL)", () => {
  it("runs a leader-locked worker in one process at a time and fails over when the leader stops", async () => {
    const [row] = (
      (await handle.db.execute(sql`SELECT current_database() AS db`)) as unknown as { rows: { db: string }[] }
    ).rows;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.db}`;
    let active = 0;
    let maxActive = 0;
    const owners: string[] = [];
    const make = (owner: string): Worker => ({
      name: "leader-only",
      leaderLockKey: 424_242,
      async run({ signal }) {
        active++;
        maxActive = Math.max(maxActive, active);
        owners.push(owner);
        await untilAborted(signal);
        active--;
      },
    });
    const opts = { handle, databaseUrl: url.toString(), lockRetryMs: 100, backoffMs: 20 };
    const a = await startWorkers([make("a")], opts);
    await until(() => active === 1);
    const b = await startWorkers([make("b")], opts);
    await new Promise((r) => setTimeout(r, 500));
    expect(owners).toEqual(["a"]);
    await a.stop();
    await until(() => owners.length === 2 && active === 1);
    expect(owners).toEqual(["a", "b"]);
    expect(maxActive).toBe(1);
    await b.stop();
    expect(active).toBe(0);
  });
});
