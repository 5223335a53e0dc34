import pg from "pg";
import type pino from "pino";
import { type Db, type DbHandle, getDbHandle } from "@/db/client";
import { logger } from "./logger";
import { sleep } from "./sleep";

/**
 * The background worker host (docs/ARCHITECTURE.md, "Runtime shape"). Workers run in the web process
 * when WORKERS=on (src/instrumentation.ts) or in their own process when WORKERS=only
 * (scripts/worker.ts); those entries pass the list (src/workers.ts), so this host imports no feature.
 *
 * - A worker is a long-running `run()` that returns when its signal aborts.
 * - A crash (throw, or an unexpected return) is logged and the worker restarted with exponential
 *   backoff (1 s … 60 s; reset after a minute of healthy running).
 * - A worker with `leaderLockKey` runs only while this process holds the PostgreSQL session-level
 *   advisory lock of that key, taken on a dedicated connection and retried every few seconds; if
 *   that connection breaks, the worker is stopped (another process may now lead). PGlite is a
 *   single-process database, so there the process is always the leader.
 */
export type WorkerContext = { signal: AbortSignal; db: Db; log: pino.Logger };

export type Worker = {
  name: string;
  leaderLockKey?: number;
  run(ctx: WorkerContext): Promise<void>;
};

export type WorkerHostOptions = {
  /** Database handle (default: the process database). */
  handle?: DbHandle;
  /** PostgreSQL URL for the leader-lock connections (default: DATABASE_URL from the configuration). */
  databaseUrl?: string;
  log?: pino.Logger;
  /** How often a follower retries the leader lock (ms). */
  lockRetryMs?: number;
  /** First restart delay after a crash (ms). */
  backoffMs?: number;
};

/** Restart delay after `failures` consecutive crashes (pure). */
export function backoffDelay(failures: number, baseMs = 1_000, maxMs = 60_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
}

/** Runs `worker` until `signal` aborts, restarting it with backoff when it crashes. */
async function supervise(worker: Worker, ctx: WorkerContext, baseBackoffMs: number): Promise<void> {
  let failures = 0;
  while (!ctx.signal.aborted) {
    const started = Date.now();
    try {
      await worker.run(ctx);
      if (ctx.signal.aborted) return;
      ctx.log.warn("worker returned without being stopped; restarting");
    } catch (err) {
      if (ctx.signal.aborted) return;
      ctx.log.error({ err }, "worker crashed; restarting");
    }
    failures = Date.now() - started > 60_000 ? 1 : failures + 1;
    await sleep(backoffDelay(failures, baseBackoffMs), ctx.signal);
  }
}

/** Holds the advisory lock `key` while running the worker; retries the lock while another process has it. */
async function lead(
  worker: Worker,
  key: number,
  ctx: WorkerContext,
  databaseUrl: string,
  opts: { lockRetryMs: number; backoffMs: number },
): Promise<void> {
  while (!ctx.signal.aborted) {
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: `aurum-leader-${worker.name}`,
    });
    const lost = new AbortController();
    client.on("error", (err) => {
      ctx.log.warn({ err }, "leader-lock connection failed");
      lost.abort();
    });
    client.on("end", () => lost.abort());
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>(
        "SELECT pg_try_advisory_lock($1::bigint) AS locked",
        [key],
      );
      if (rows[0]?.locked) {
        ctx.log.info({ key }, "leader lock acquired");
        const both = AbortSignal.any([ctx.signal, lost.signal]);
        // A connection that dies silently must also end our leadership: probe it.
        const probe = setInterval(() => {
          client.query("SELECT 1").catch(() => lost.abort());
        }, opts.lockRetryMs);
        try {
          await supervise(worker, { ...ctx, signal: both }, opts.backoffMs);
        } finally {
          clearInterval(probe);
        }
        if (!ctx.signal.aborted) ctx.log.warn({ key }, "leader lock lost; stopped the worker");
      }
    } catch (err) {
      ctx.log.warn({ err }, "leader lock attempt failed");
    } finally {
      // Closing the session releases the session-level advisory lock.
      await client.end().catch(() => {});
    }
    await sleep(opts.lockRetryMs, ctx.signal);
  }
}

/** Starts the workers; `stop()` aborts them and resolves once every one has returned. */
export async function startWorkers(
  workers: Worker[],
  opts: WorkerHostOptions = {},
): Promise<{ stop(): Promise<void> }> {
  const handle = opts.handle ?? (await getDbHandle());
  const log = opts.log ?? logger.child({ component: "workers" });
  const controller = new AbortController();
  const lockRetryMs = opts.lockRetryMs ?? 3_000;
  const backoffMs = opts.backoffMs ?? 1_000;
  let databaseUrl = opts.databaseUrl;
  if (handle.kind === "postgres" && !databaseUrl && workers.some((w) => w.leaderLockKey !== undefined)) {
    const { config } = await import("./config");
    databaseUrl = config().DATABASE_URL;
    if (!databaseUrl) throw new Error("leader-locked workers on PostgreSQL need DATABASE_URL");
  }

  const running = workers.map((worker) => {
    const ctx: WorkerContext = {
      signal: controller.signal,
      db: handle.db,
      log: log.child({ worker: worker.name }),
    };
    if (worker.leaderLockKey !== undefined && handle.kind === "postgres") {
      return lead(worker, worker.leaderLockKey, ctx, databaseUrl!, { lockRetryMs, backoffMs });
    }
    return supervise(worker, ctx, backoffMs);
  });
  log.info({ workers: workers.map((w) => w.name), db: handle.kind }, "workers started");

  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= (async () => {
        controller.abort();
        await Promise.allSettled(running);
        log.info("workers stopped");
      })();
      return stopped;
    },
  };
}
