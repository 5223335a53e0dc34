import { and, eq, isNull, sql } from "drizzle-orm";
import type { Hex } from "viem";
import type { Db } from "@/db/client";
import { airdropRounds, airdropTxs } from "@/db/schema";
import { recordAudit } from "@/server/audit";
import { conflict } from "@/server/errors";
import { adminView, getRound } from "./rounds";
import { type ChainEnv, defaultChainEnv } from "./sender";
import { testnetUnreachable } from "./unreachable";

/**
 * The operator's way out of a round that can no longer be published as it is (docs/airdrop.md
 * "Deleting a round"): e.g. frozen before its deadline, whose chain steps had not finished when the
 * deadline passed (the distributor's constructor refuses an end time in the past, so "Resume
 * publishing" can only fail). Deleting is the simplest safe exit: the round's rows, proofs, tree and
 * recorded transactions go with it (ON DELETE CASCADE), and the operator creates it again with new
 * dates. Resetting it to a draft with a new deadline would need the same deletions plus an edit path.
 *
 * Never once a distributor may exist: only a draft or a frozen round with no distributor address,
 * no publish job queued or holding the lease, and no deployment transaction that could still be
 * mined (a recorded one must be proven reverted on chain). The DELETE repeats the state checks, so a
 * publish request or job that starts meanwhile wins and the operator gets a 409.
 */
export async function deleteRound(
  db: Db,
  id: string,
  actor: string,
  opts: { env?: Pick<ChainEnv, "client"> } = {},
): Promise<{ deleted: true }> {
  const r = await getRound(db, id);
  if ((r.status !== "draft" && r.status !== "frozen") || r.distributorAddress) {
    throw conflict(
      "This round's distributor is deployed: it cannot be deleted. Publish it, and sweep it after the deadline.",
      "ROUND_NOT_DRAFT",
    );
  }
  if (r.publishRequestedAt || (r.leaseUntil && r.leaseUntil > new Date())) {
    throw conflict(
      "Publishing this round is queued or running: wait until the job stops, then delete it.",
      "PUBLISH_IN_PROGRESS",
    );
  }
  const [deploy] = await db
    .select({ hash: airdropTxs.hash })
    .from(airdropTxs)
    .where(and(eq(airdropTxs.roundId, id), eq(airdropTxs.kind, "deploy")));
  if (deploy) await assertDeployReverted(deploy.hash as Hex, opts.env ?? defaultChainEnv());

  const before = await adminView(db, r);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const gone = await t
      .delete(airdropRounds)
      .where(
        and(
          eq(airdropRounds.id, id),
          sql`${airdropRounds.status} IN ('draft', 'frozen')`,
          isNull(airdropRounds.distributorAddress),
          isNull(airdropRounds.publishRequestedAt),
          sql`(${airdropRounds.leaseUntil} IS NULL OR ${airdropRounds.leaseUntil} < now())`,
          // No deployment recorded other than the one just proven reverted.
          sql`NOT EXISTS (SELECT 1 FROM ${airdropTxs} WHERE ${airdropTxs.roundId} = ${id}
            AND ${airdropTxs.kind} = 'deploy' AND ${airdropTxs.hash} <> ${deploy?.hash ?? ""})`,
        ),
      )
      .returning({ id: airdropRounds.id });
    if (gone.length === 0) {
      throw conflict(
        "This round changed while it was being deleted (publishing started): reload and look again.",
        "PUBLISH_IN_PROGRESS",
      );
    }
    await recordAudit(t, { actor, action: "airdrop.delete", target: `airdrop:${id}`, before });
    return { deleted: true as const };
  });
}

/** 409 unless the recorded deployment was mined and reverted (it deployed nothing); 503 without the chain. */
async function assertDeployReverted(hash: Hex, env: Pick<ChainEnv, "client">): Promise<void> {
  let status: "success" | "reverted" | null;
  try {
    status = (await env.client.getTransactionReceipt({ hash })).status;
  } catch (err) {
    const e = err as { name?: string };
    if (e.name === "TransactionReceiptNotFoundError") status = null;
    else {
      throw testnetUnreachable(err, "this round's distributor deployment", { hash });
    }
  }
  if (status === "reverted") return;
  throw conflict(
    status === "success"
      ? `This round's distributor was deployed (transaction ${hash}): it cannot be deleted.`
      : `A distributor deployment (transaction ${hash}) was sent for this round and may still be mined: it cannot be deleted until that transaction is mined and reverted.`,
    "ROUND_NOT_DRAFT",
  );
}
