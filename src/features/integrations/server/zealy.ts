import { timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { isAddress } from "viem";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { config } from "@/server/config";
import { json } from "@/server/route";
import type { zealyRequest } from "../schema";
import { completionOf } from "./completions";

function keyMatches(given: string | null, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Zealy API quest: Zealy shows `message` to its user, so every answer is `{message}` — 200 when the
 * quest's wallet completed the task, 400 saying what is missing, 401 for a wrong key.
 */
export async function zealyVerify(
  db: Db,
  apiKey: string | null,
  taskId: string,
  body: z.infer<typeof zealyRequest>,
): Promise<Response> {
  const c = config();
  if (!keyMatches(apiKey, c.ZEALY_API_KEY)) return json({ message: "Invalid API key" }, { status: 401 });
  const wallet = body.accounts.wallet ?? body.accounts["zealy-connect"];
  if (!wallet)
    return json({ message: "Connect an EVM wallet to your Zealy profile first." }, { status: 400 });
  if (!isAddress(wallet, { strict: false }))
    return json({ message: "The wallet on your Zealy profile is not an EVM address." }, { status: 400 });
  const task = rowsOf<{ title: string }>(
    await db.execute(sql`SELECT title FROM tasks WHERE id = ${taskId}`),
  )[0];
  if (!task) return json({ message: "This quest points to a task that does not exist." }, { status: 400 });
  const done = await completionOf(db, taskId, wallet);
  if (done.excluded) {
    return json(
      {
        message: `${wallet} is excluded from ${c.PRODUCT_NAME}'s campaign: sign in at ${c.publicUrl}/rewards with this wallet to see why and to appeal.`,
      },
      { status: 400 },
    );
  }
  if (!done.completed) {
    return json(
      {
        message: `${wallet} has not completed "${task.title}" on ${c.PRODUCT_NAME} yet. Sign in at ${c.publicUrl}/task with this wallet and complete it.`,
      },
      { status: 400 },
    );
  }
  return json({ message: `Completed "${task.title}" on ${done.completedAt}.` });
}
