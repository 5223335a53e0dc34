import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airdropAllocations, airdropRounds, airdropTreeChunks, auditLog } from "@/db/schema";
import { freezeRound } from "./freeze";
import { requestPublish, runNextPublish } from "./jobs";
import { deleteRound } from "./remove";
import { getRound } from "./rounds";
import { publishTestSetup } from "./testing";

// A round frozen before its deadline whose chain steps had not finished when the deadline passed (a
// deploy stopped on an error, the operator retries later): the distributor's constructor refuses an
// end time in the past, so "Resume publishing" could only fail, forever. It answers 409 at once, a
// job already queued stops before any transaction, and the operator deletes the round to start over.

const fx = publishTestSetup({ participants: 20, roundName: "Deadline" });

/** A frozen round whose deadline is now a minute behind us (DB clock; the chain follows the wall clock). */
async function frozenPastDeadline() {
  const r0 = await fx.draft();
  expect((await freezeRound(fx.db, r0.id)).status).toBe("frozen");
  await fx.db
    .update(airdropRounds)
    .set({ deadline: sql`now() - interval '1 minute'` })
    .where(eq(airdropRounds.id, r0.id));
  return r0;
}

describe("resuming a frozen round after its deadline", () => {
  it("answers 409 DEADLINE_PASSED instead of queueing a job that can only fail", async () => {
    const r0 = await frozenPastDeadline();
    // What the console's "Resume publishing" does: it used to be accepted (202), and the worker's
    // job then failed on the deploy, the round stayed frozen and the next click queued it again.
    const queued = await requestPublish(fx.db, r0.id).then(
      (r) => ({ ok: true as const, status: r.status }),
      (err: { code?: string; status?: number; message?: string }) => ({
        ok: false as const,
        code: err.code,
        status: err.status,
        message: err.message,
      }),
    );
    expect(queued).toMatchObject({ ok: false, code: "DEADLINE_PASSED", status: 409 });
    expect(!queued.ok && queued.message).toMatch(/Delete the round and create it again/);
    expect((await getRound(fx.db, r0.id)).publishRequestedAt).toBeNull();
  });

  it("a job queued before the deadline passed stops before sending any transaction", async () => {
    const r0 = await frozenPastDeadline();
    await fx.db
      .update(airdropRounds)
      .set({ publishRequestedAt: sql`now()` })
      .where(eq(airdropRounds.id, r0.id));
    const sent = await fx.nonce();
    const ran = await runNextPublish(fx.db, { env: fx.env });
    expect(ran).toMatchObject({ roundId: r0.id, error: expect.stringMatching(/deadline passed/) });
    expect(await fx.nonce()).toBe(sent);
    const after = await getRound(fx.db, r0.id);
    expect(after).toMatchObject({ status: "frozen", tokenAddress: null, publishRequestedAt: null });
    expect(after.lastError).toMatch(/deadline passed/);
  });

  it("lets the operator delete the stuck round (rows, tree and all), with an audit entry", async () => {
    const r0 = await frozenPastDeadline();
    expect(
      await deleteRound(fx.db, r0.id, "0x00000000000000000000000000000000000000ad", { env: fx.env }),
    ).toEqual({
      deleted: true,
    });
    await expect(getRound(fx.db, r0.id)).rejects.toMatchObject({ status: 404 });
    expect(
      await fx.db.select().from(airdropAllocations).where(eq(airdropAllocations.roundId, r0.id)),
    ).toEqual([]);
    expect(await fx.db.select().from(airdropTreeChunks).where(eq(airdropTreeChunks.roundId, r0.id))).toEqual(
      [],
    );
    const entries = await fx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "airdrop.delete"), eq(auditLog.target, `airdrop:${r0.id}`)));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.before).toMatchObject({ id: r0.id, status: "frozen" });
  });
});
