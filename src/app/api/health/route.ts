import { sql } from "drizzle-orm";
import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { getChainStatus } from "@/features/testnet/server";
import { route } from "@/server/errors";
import { logger } from "@/server/logger";
import { counted } from "@/server/metrics";

export const dynamic = "force-dynamic";

const DB_TIMEOUT_MS = 3_000;

async function checkDb(): Promise<"ok" | "error"> {
  try {
    const db = await getDb();
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error("database timeout")), DB_TIMEOUT_MS).unref(),
      ),
    ]);
    return "ok";
  } catch (err) {
    logger.error({ err }, "health: database check failed");
    return "error";
  }
}

/** Liveness and dependencies for load balancers: 200 when database and RPC answer, else 503. */
export const GET = counted(
  "/api/health",
  route(async () => {
    const [db, chain] = await Promise.all([checkDb(), getChainStatus()]);
    const rpc = chain.rpc.ok ? "ok" : "error";
    const healthy = db === "ok" && rpc === "ok";
    return NextResponse.json(
      { status: healthy ? "ok" : "degraded", db, rpc },
      { status: healthy ? 200 : 503, headers: { "Cache-Control": "no-store" } },
    );
  }),
);
