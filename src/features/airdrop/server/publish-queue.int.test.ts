import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airdropAllocations, airdropRounds } from "@/db/schema";
import { requestPublish, runNextPublish } from "./jobs";
import { getRound } from "./rounds";
import { publishTestSetup } from "./testing";

/**
 * Publishing as a queued job (jobs.ts, lease.ts; docs/airdrop.md "Publishing"), on PGlite and
 * PostgreSQL: the request answers without freezing, repeats are one request, the worker runs it,
 * a live job (lease renewed) is never taken over, and a failed job ends its request.
 */
const fx = publishTestSetup({ participants: 25, roundName: "Queued" });
const { draft, nonce } = fx;
const allocationsOf = (id: string) =>
  fx.db.select().from(airdropAllocations).where(eq(airdropAllocations.roundId, id));

describe("publishing as a queued job", () => {
  it("the request freezes nothing and sends nothing; a repeat is the same request; the worker publishes it", async () => {
    const r0 = await draft();
    const before = await nonce();
    const first = await requestPublish(fx.db, r0.id);
    expect(first).toMatchObject({ status: "draft", merkleRoot: null, leaseUntil: null });
    expect(first.publishRequestedAt).toBeInstanceOf(Date);
    expect(await allocationsOf(r0.id)).toEqual([]);
    expect(await nonce()).toBe(before);
    const again = await requestPublish(fx.db, r0.id);
    expect(again.publishRequestedAt?.getTime()).toBe(first.publishRequestedAt?.getTime());

    expect(await runNextPublish(fx.db, { env: fx.env })).toEqual({ roundId: r0.id });
    const r = await getRound(fx.db, r0.id);
    expect(r).toMatchObject({
      status: "published",
      publishRequestedAt: null,
      leaseUntil: null,
      lastError: null,
    });
    expect(await nonce()).toBe(before + 3);
    expect(await runNextPublish(fx.db, { env: fx.env })).toBeNull();
    // A request for a published round changes nothing and queues nothing.
    expect((await requestPublish(fx.db, r0.id)).publishRequestedAt).toBeNull();
    expect(await runNextPublish(fx.db, { env: fx.env })).toBeNull();
  });

  it("a rule that cannot be published is refused at once (409 codes of the freeze), with nothing queued", async () => {
    const none = await draft({ minPoints: 1_000_000_000 });
    await expect(requestPublish(fx.db, none.id)).rejects.toMatchObject({
      status: 409,
      code: "NOTHING_TO_ALLOCATE",
    });
    const low = await draft({ minPoints: 0, capPerAddress: "1" });
    await expect(requestPublish(fx.db, low.id)).rejects.toMatchObject({
      status: 409,
      code: "CAP_TOO_LOW",
      message: expect.stringMatching(
        /^The cap is too low: every eligible address hits it and \d+ base units/,
      ),
    });
    for (const id of [none.id, low.id]) expect((await getRound(fx.db, id)).publishRequestedAt).toBeNull();
    await expect(requestPublish(fx.db, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      status: 404,
    });
  });

  it("a request while the job runs makes no second job, even after the lease period (it is renewed)", async () => {
    const r0 = await draft();
    const before = await nonce();
    await requestPublish(fx.db, r0.id);
    let reached!: () => void;
    let release!: () => void;
    const atFrozen = new Promise<void>((r) => {
      reached = r;
    });
    const held = new Promise<void>((r) => {
      release = r;
    });
    const job = runNextPublish(fx.db, {
      env: fx.env,
      leaseSeconds: 1,
      hooks: {
        afterStep: async (s) => {
          if (s !== "frozen") return;
          reached();
          await held;
        },
      },
    });
    await atFrozen;
    const mid = await requestPublish(fx.db, r0.id);
    expect(mid.status).toBe("frozen");
    expect(mid.leaseUntil?.getTime()).toBeGreaterThan(Date.now());
    // Past two lease periods the live job still holds the round: the worker finds nothing to run.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await runNextPublish(fx.db, { env: fx.env, leaseSeconds: 1 })).toBeNull();
    release();
    expect(await job).toEqual({ roundId: r0.id });
    expect((await getRound(fx.db, r0.id)).status).toBe("published");
    expect(await nonce()).toBe(before + 3);
  });

  it("a job that stops on an error records it and ends the request; a new request retries", async () => {
    const token = await fx.givenToken("GVN", 18);
    const r0 = await draft({ token });
    await requestPublish(fx.db, r0.id);
    const failed = await runNextPublish(fx.db, { env: fx.env });
    expect(failed?.error).toMatch(/holds 0 base units of the token/);
    const r1 = await getRound(fx.db, r0.id);
    expect(r1).toMatchObject({ status: "deployed", publishRequestedAt: null, leaseUntil: null });
    expect(r1.lastError).toMatch(/holds 0 base units/);
    expect(await runNextPublish(fx.db, { env: fx.env })).toBeNull(); // no endless retry

    await fx.mintToPublisher(token);
    expect((await requestPublish(fx.db, r0.id)).lastError).toBeNull();
    expect(await runNextPublish(fx.db, { env: fx.env })).toEqual({ roundId: r0.id });
    expect((await getRound(fx.db, r0.id)).status).toBe("published");
  });

  it("two ticks at once claim a requested round once", async () => {
    const r0 = await draft();
    const before = await nonce();
    await requestPublish(fx.db, r0.id);
    const ran = await Promise.all([
      runNextPublish(fx.db, { env: fx.env }),
      runNextPublish(fx.db, { env: fx.env }),
    ]);
    expect(ran.filter((x) => x !== null)).toEqual([{ roundId: r0.id }]);
    expect(await nonce()).toBe(before + 3);
    const [row] = await fx.db.select().from(airdropRounds).where(eq(airdropRounds.id, r0.id));
    expect(row?.status).toBe("published");
  });
});
