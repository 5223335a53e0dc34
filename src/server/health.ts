import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { getChainStatus } from "@/features/testnet/server";
import { logger } from "./logger";

const DB_TIMEOUT_MS = 3_000;

/**
 * `GET /api/health`: 200 with `status: "ok"` while the database answers, 503 with `"degraded"` when
 * it does not; the testnet RPC's state is reported in `rpc` and decides neither.
 */
export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]).describe("Whether this process can serve: the database's state"),
  db: z.enum(["ok", "error"]),
  rpc: z
    .enum(["ok", "error"])
    .describe("The testnet RPC (eth_blockNumber, eth_gasPrice); its outage leaves the status ok"),
});
export type Health = z.infer<typeof healthSchema>;

async function checkDb(db: Db): Promise<"ok" | "error"> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("database timeout")), DB_TIMEOUT_MS);
        timer.unref();
      }),
    ]);
    return "ok";
  } catch (err) {
    logger.error({ err }, "health: database check failed");
    return "error";
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness for load balancers, and the dependencies for monitoring: the database answers a query,
 * the RPC a probe. Only the database decides the status: a process without it serves nothing, but
 * one without the RPC still serves news, FAQ, support and sign-in, which do not use the chain, and
 * the RPC is one provider shared by every web process, so its outage failing this check would take
 * all of them out of rotation at once. Alert on `rpc` (or `aurum_rpc_up`).
 * No error text: this answer is public, and the probe's errors may name the provider's URL, key
 * included (the log has the reason, without it).
 */
export async function health(db: Db): Promise<Health> {
  const [dbState, chain] = await Promise.all([checkDb(db), getChainStatus()]);
  return { status: dbState === "ok" ? "ok" : "degraded", db: dbState, rpc: chain.rpc.ok ? "ok" : "error" };
}
