import net from "node:net";
import pg from "pg";
import type pino from "pino";
import { type Db, type DbHandle, getDbHandle } from "@/db/client";
import { logger } from "./logger";
import { processState } from "./process-state";
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
 *   that connection breaks, the worker is stopped (another process may now lead). On PGlite the
 *   process is always the leader: openDb locks DATA_DIR to one process (src/db/data-dir-lock.ts).
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

/** Whether `promise` settled within `ms` (it goes on either way). */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    // After an event-loop stall, timers run before pending I/O: an answer that arrived during the
    // stall is read first (setImmediate runs after the poll phase), so it still counts.
    timer = setTimeout(() => setImmediate(() => resolve(false)), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

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
    // Our own socket, so that a dead connection can be dropped at once: pg's end() first says
    // goodbye and waits for the server's close, which never comes through a black hole.
    let socket: net.Socket | undefined;
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: `aurum-leader-${worker.name}`,
      stream: () => {
        socket = new net.Socket();
        return socket;
      },
      // A NAT or load balancer drops idle flows silently; keep-alives keep this one known to them.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: Math.max(opts.lockRetryMs, 10_000),
      query_timeout: Math.max(opts.lockRetryMs, 10_000),
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
        const watching = watchConnection(client, lost, both, opts.lockRetryMs);
        await supervise(worker, { ...ctx, signal: both }, opts.backoffMs);
        lost.abort(); // ends the watch when the host is stopping
        await watching;
        if (!ctx.signal.aborted) ctx.log.warn({ key }, "leader lock lost; stopped the worker");
      }
    } catch (err) {
      ctx.log.warn({ err }, "leader lock attempt failed");
    } finally {
      // Closing the session releases the session-level advisory lock (or, the connection being
      // dead, the server has released it already).
      socket?.destroy();
      const ended = client.end().catch(() => {});
      await within(ended, 1_000);
    }
    await sleep(opts.lockRetryMs, ctx.signal);
  }
}

// A probe's answer is a round trip to the server: tiny retry periods (tests) must not make a leader
// step down over a scheduling hiccup.
const PROBE_TIMEOUT_FLOOR_MS = 1_000;

/**
 * Probes the lock connection every `periodMs`, one probe at a time, and aborts `lost` when one fails
 * or takes longer than `periodMs` (1 s at least). A connection that dies silently (partition, an
 * idle flow dropped by NAT, failover: the server has ended the session and released the lock, but
 * no FIN or RST reaches us) raises no error and would leave a probe waiting forever while another
 * process leads.
 */
async function watchConnection(
  client: pg.Client,
  lost: AbortController,
  signal: AbortSignal,
  periodMs: number,
): Promise<void> {
  while (!signal.aborted) {
    await sleep(periodMs, signal);
    if (signal.aborted) return;
    const answered = client.query("SELECT 1").then(
      () => true,
      () => false,
    );
    if (!(await within(answered, Math.max(periodMs, PROBE_TIMEOUT_FLOOR_MS))) || !(await answered)) {
      lost.abort();
      return;
    }
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
  const host = {
    stop() {
      stopped ??= (async () => {
        controller.abort();
        await Promise.allSettled(running);
        hosts().delete(host);
        log.info("workers stopped");
      })();
      return stopped;
    },
  };
  hosts().add(host);
  return host;
}

// The hosts started in this process, process-wide: the web process's HTTP entry (scripts/serve.ts,
// loaded by tsx) must stop the hosts that src/instrumentation.ts started in Next's bundle, which
// has its own copy of this module.
const hosts = () => processState("workers.hosts", () => new Set<{ stop(): Promise<void> }>());

/**
 * Stops every worker host of this process and waits for the workers to return, at most `timeoutMs`
 * (a worker stuck in a call must not hold the shutdown forever). Resolves whether they all did.
 */
export function stopAllWorkers(timeoutMs: number): Promise<boolean> {
  return within(Promise.all([...hosts()].map((h) => h.stop())), timeoutMs);
}
