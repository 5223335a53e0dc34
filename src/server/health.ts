import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { getChainStatus } from "@/features/testnet/server";
import { logger } from "./logger";

const DB_TIMEOUT_MS = 3_000;

/** `GET /api/health` (200 when healthy, 503 when degraded). */
export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  db: z.enum(["ok", "error"]),
  rpc: z.enum(["ok", "error"]),
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

/** Liveness and dependencies for load balancers: the database answers a query, the RPC a probe. */
export async function health(db: Db): Promise<Health> {
  const [dbState, chain] = await Promise.all([checkDb(db), getChainStatus()]);
  const rpc = chain.rpc.ok ? "ok" : "error";
  return { status: dbState === "ok" && rpc === "ok" ? "ok" : "degraded", db: dbState, rpc };
}
