import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { testDb } from "../../test/db";
import { startWorkers, stopAllWorkers, type Worker } from "./workers";

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

  it("stopAllWorkers stops every host of the process and waits for its workers", async () => {
    const returned: string[] = [];
    const make = (name: string): Worker => ({
      name,
      async run({ signal }) {
        await untilAborted(signal);
        await new Promise((r) => setTimeout(r, 50));
        returned.push(name);
      },
    });
    await startWorkers([make("one")], { handle });
    await startWorkers([make("two")], { handle });
    expect(await stopAllWorkers(5_000)).toBe(true);
    expect(returned.sort()).toEqual(["one", "two"]);
    // Nothing left to stop: stopped hosts leave the process's list.
    expect(await stopAllWorkers(5_000)).toBe(true);
  });

  it("stopAllWorkers gives up after its timeout on a worker that ignores the stop", async () => {
    let release = () => {};
    const stuck: Worker = {
      name: "stuck",
      run: () => new Promise<void>((r) => (release = r)),
    };
    await startWorkers([stuck], { handle });
    const started = Date.now();
    expect(await stopAllWorkers(200)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    release();
    expect(await stopAllWorkers(5_000)).toBe(true);
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

/** A TCP proxy to PostgreSQL that can turn into a black hole (nothing forwarded, no close passed on). */
async function blackholeProxy(target: URL) {
  let black = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client);
    sockets.add(upstream);
    client.on("data", (d) => {
      if (!black) upstream.write(d);
    });
    upstream.on("data", (d) => {
      if (!black) client.write(d);
    });
    upstream.on("close", () => {
      if (!black) client.destroy();
    });
    client.on("close", () => upstream.destroy());
    client.on("error", () => {});
    upstream.on("error", () => {});
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    blackhole() {
      black = true;
    },
    close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("leader lock: a silently dead lock connection", () => {
  /**
   * A partition, an idle flow dropped by NAT or a failover: the server ends the session (releasing
   * the advisory lock) but no FIN or RST reaches the leader. Reproduced with a proxy that stops
   * forwarding while the backend behind it is terminated.
   */
  it("stops the old leader once its lock connection is dead and another process leads", async () => {
    const [row] = (
      (await handle.db.execute(sql`SELECT current_database() AS db`)) as unknown as { rows: { db: string }[] }
    ).rows;
    const direct = new URL(process.env.TEST_DATABASE_URL!);
    direct.pathname = `/${row!.db}`;
    const proxy = await blackholeProxy(direct);
    const viaProxy = new URL(direct);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);

    const active = new Set<string>();
    const make = (owner: string): Worker => ({
      name: `probe-${owner}`,
      leaderLockKey: 737_373,
      async run({ signal }) {
        active.add(owner);
        await untilAborted(signal);
        active.delete(owner);
      },
    });
    const opts = { handle, lockRetryMs: 200, backoffMs: 20 };
    const a = await startWorkers([make("a")], { ...opts, databaseUrl: viaProxy.toString() });
    let b: Awaited<ReturnType<typeof startWorkers>> | undefined;
    try {
      await until(() => active.has("a"));
      proxy.blackhole();
      await handle.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'aurum-leader-probe-a'`,
      );

      b = await startWorkers([make("b")], { ...opts, databaseUrl: direct.toString() });
      await until(() => active.has("b"));
      // A few probe periods (here 15 of them) at most.
      await until(() => !active.has("a"), 3_000);
      expect([...active]).toEqual(["b"]);
      // The old leader's stop does not hang on its dead connection.
      const stopped = Date.now();
      await a.stop();
      expect(Date.now() - stopped).toBeLessThan(2_000);
    } finally {
      proxy.close();
      await a.stop();
      await b?.stop();
    }
  });
});
