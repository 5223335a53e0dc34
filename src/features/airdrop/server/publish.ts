import { and, eq, sql } from "drizzle-orm";
import {
  type Address,
  decodeEventLog,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  type Hex,
} from "viem";
import {
  merkleDistributorAbi,
  merkleDistributorBytecode,
  testTokenAbi,
  testTokenBytecode,
} from "@/chain/generated";
import type { Db } from "@/db/client";
import { type AirdropRoundRow, airdropRounds } from "@/db/schema";
import { recordAudit } from "@/server/audit";
import { badRequest, conflict } from "@/server/errors";
import {
  assertDeployableInTime,
  freezeRound,
  type PublishHooks,
  type PublishStep,
  type StoreOptions,
  type ThreadOptions,
} from "./freeze";
import { acquireLease, type Lease } from "./lease";
import { AIRDROP_TOKEN_SYMBOL, airdropTokenName, getRound } from "./rounds";
import { AirdropJobError, type ChainEnv, defaultChainEnv, sendOnce } from "./sender";
import { testnetUnreachable } from "./unreachable";

export type { PublishStep };
export type PublishOptions = StoreOptions & ThreadOptions & { env?: ChainEnv; leaseSeconds?: number };

/**
 * Publishing a round (docs/airdrop.md "Publishing"): a state machine persisted in the round row,
 * draft → frozen → deployed → funded → published. Every step reads the state, does its work
 * idempotently and moves the state with a conditional update, so a crash anywhere followed by a
 * retry continues where it stopped: rows and root are written once (frozen is never recomputed),
 * and each transaction is signed and stored before it is broadcast (sender.ts), so it is sent once.
 */

/**
 * The publish lease (lease.ts): renewed every quarter of it while the job works. The freeze's CPU
 * work runs in its own thread (freeze-worker.ts), so the timer fires throughout; the lease is still
 * longer than a freeze's longest database statement at a million recipients on a loaded machine
 * (docs/airdrop.md "Scale"). A dead job is resumed after it expires.
 */
export const PUBLISH_LEASE_SECONDS = 120;

async function setRound(db: Db, id: string, from: string, patch: Partial<typeof airdropRounds.$inferInsert>) {
  await db
    .update(airdropRounds)
    .set(patch)
    .where(and(eq(airdropRounds.id, id), eq(airdropRounds.status, from)));
}

/**
 * Runs (or resumes) the whole publish job. Holds a lease on the round so two jobs never run it at
 * once (renewed while it works, lease.ts); a job that died leaves the lease to expire after
 * `leaseSeconds`. The airdrop worker runs it for requested rounds (jobs.ts).
 */
export async function publishRound(db: Db, id: string, opts: PublishOptions = {}): Promise<AirdropRoundRow> {
  await getRound(db, id); // 404 before anything else
  const lease = await acquireLease(db, id, opts.leaseSeconds ?? PUBLISH_LEASE_SECONDS);
  if (!lease) throw conflict("This round is being published right now.", "PUBLISH_IN_PROGRESS");
  return runPublish(db, lease, opts);
}

/** The job under a lease already held; releases it at the end whatever happens. */
export async function runPublish(db: Db, lease: Lease, opts: PublishOptions = {}): Promise<AirdropRoundRow> {
  const id = lease.roundId;
  const env = opts.env ?? defaultChainEnv();
  const held = () => lease.assertHeld();
  const hooks: PublishHooks = {
    ...opts.hooks,
    afterStep: async (step) => {
      await opts.hooks?.afterStep?.(step);
      held();
    },
  };
  try {
    let r = await freezeRound(db, id, { ...opts, hooks, lease });
    // Before the token and deploy steps: no transaction for a round that can no longer be deployed.
    await assertDeployableInTime(db, r);
    const total = BigInt(r.totalAmount);
    const owner = env.account.address;

    held();
    if (r.tokenMode === "deploy" && !r.tokenAddress) {
      const receipt = await sendOnce(
        db,
        env,
        id,
        "token",
        async () => ({
          data: encodeDeployData({
            abi: testTokenAbi,
            bytecode: testTokenBytecode,
            args: [airdropTokenName(), AIRDROP_TOKEN_SYMBOL, 18, owner],
          }),
        }),
        hooks?.afterRecord,
      );
      if (!receipt.contractAddress) throw new AirdropJobError("the token deployment has no contract address");
      await db
        .update(airdropRounds)
        .set({ tokenAddress: receipt.contractAddress.toLowerCase() })
        .where(eq(airdropRounds.id, id));
      await hooks?.afterStep?.("token");
      r = await getRound(db, id);
    }
    const token = getAddress(r.tokenAddress as string);

    held();
    if (r.status === "frozen") {
      const endTime = BigInt(Math.floor(r.deadline.getTime() / 1000));
      const receipt = await sendOnce(
        db,
        env,
        id,
        "deploy",
        async () => ({
          data: encodeDeployData({
            abi: merkleDistributorAbi,
            bytecode: merkleDistributorBytecode,
            args: [token, r.merkleRoot as Hex, endTime, owner],
          }),
        }),
        hooks?.afterRecord,
      );
      if (!receipt.contractAddress)
        throw new AirdropJobError("the distributor deployment has no contract address");
      await setRound(db, id, "frozen", {
        status: "deployed",
        distributorAddress: receipt.contractAddress.toLowerCase(),
        distributorBlock: Number(receipt.blockNumber),
      });
      await hooks?.afterStep?.("deployed");
      r = await getRound(db, id);
    }
    const distributor = getAddress(r.distributorAddress as string);

    held();
    if (r.status === "deployed") {
      await sendOnce(
        db,
        env,
        id,
        "fund",
        async () => {
          if (r.tokenMode === "deploy") {
            return {
              to: token,
              data: encodeFunctionData({
                abi: testTokenAbi,
                functionName: "mint",
                args: [distributor, total],
              }),
            };
          }
          const held = await env.client.readContract({
            address: token,
            abi: testTokenAbi,
            functionName: "balanceOf",
            args: [owner],
          });
          if (held < total) {
            throw new AirdropJobError(
              `the deployer ${owner} holds ${held} base units of the token; the round needs ${total}`,
            );
          }
          return {
            to: token,
            data: encodeFunctionData({
              abi: testTokenAbi,
              functionName: "transfer",
              args: [distributor, total],
            }),
          };
        },
        hooks?.afterRecord,
      );
      await setRound(db, id, "deployed", { status: "funded" });
      await hooks?.afterStep?.("funded");
      r = await getRound(db, id);
    }

    if (r.status === "funded") {
      // Check the chain says what the database says before anyone is shown the round.
      const [root, balance] = await Promise.all([
        env.client.readContract({
          address: distributor,
          abi: merkleDistributorAbi,
          functionName: "merkleRoot",
        }),
        env.client.readContract({
          address: token,
          abi: testTokenAbi,
          functionName: "balanceOf",
          args: [distributor],
        }),
      ]);
      if (root.toLowerCase() !== r.merkleRoot?.toLowerCase())
        throw new AirdropJobError("on-chain root differs");
      if (balance < total && !r.sweptAt)
        throw new AirdropJobError(`the distributor holds ${balance}, expected ${total}`);
      await setRound(db, id, "funded", { status: "published", publishedAt: new Date() });
      await hooks?.afterStep?.("published");
    }
    await db
      .update(airdropRounds)
      .set({ lastError: null, publishRequestedAt: null })
      .where(and(eq(airdropRounds.id, id), eq(airdropRounds.leaseOwner, lease.owner)));
    return await getRound(db, id);
  } catch (err) {
    // A job that stopped on an error ends the request (the operator retries from the console); a
    // job whose lease was taken over leaves both to the job that holds it now.
    const message = err instanceof Error ? err.message : String(err);
    await db
      .update(airdropRounds)
      .set({ lastError: message.slice(0, 500), publishRequestedAt: null })
      .where(and(eq(airdropRounds.id, id), eq(airdropRounds.leaseOwner, lease.owner)))
      .catch(() => {});
    throw err;
  } finally {
    await lease.release().catch(() => {});
  }
}

/**
 * After the deadline only: the owner withdraws what nobody claimed. Idempotent (one recorded
 * transaction). The sweep is recorded on the round with its `airdrop.sweep` audit entry in one
 * transaction; when that fails the withdrawal stays recorded (sender.ts), and a retry records it.
 */
export async function sweepRound(
  db: Db,
  id: string,
  to: Address | undefined,
  actor: string,
  opts: { env?: ChainEnv } = {},
) {
  const env = opts.env ?? defaultChainEnv();
  const r = await getRound(db, id);
  const dest = to?.toLowerCase();
  if (dest && (dest === r.distributorAddress || dest === r.tokenAddress?.toLowerCase())) {
    throw badRequest(
      "to: that is this round's own distributor or token contract, where swept tokens would be locked for good. Leave it empty to sweep to the deployer.",
      "INVALID_ADDRESS",
    );
  }
  if (r.status !== "published" || !r.distributorAddress) {
    throw conflict("Only a published round can be swept.", "ROUND_NOT_PUBLISHED");
  }
  if (r.sweptAt) return r;
  // The block the sweep would be mined in: on a quiet chain (Anvil without a block time mines only
  // when a transaction arrives) the latest block can be hours old, long before the deadline.
  const block = await env.client.getBlock({ blockTag: "pending" }).catch((err: unknown) => {
    throw testnetUnreachable(err, "the claim window", { round: id });
  });
  if (block.timestamp <= BigInt(Math.floor(r.deadline.getTime() / 1000))) {
    throw conflict("The claim window is still open: sweep after the deadline.", "SWEEP_TOO_EARLY");
  }
  const distributor = getAddress(r.distributorAddress);
  const receipt = await sendOnce(db, env, id, "sweep", async () => ({
    to: distributor,
    data: encodeFunctionData({
      abi: merkleDistributorAbi,
      functionName: "withdraw",
      args: [to ?? env.account.address],
    }),
  }));
  let amount = 0n;
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== r.distributorAddress) continue;
    try {
      const ev = decodeEventLog({ abi: merkleDistributorAbi, data: log.data, topics: log.topics });
      if (ev.eventName === "Withdrawn") amount = ev.args.amount;
    } catch {
      // another event of the distributor
    }
  }
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [swept] = await t
      .update(airdropRounds)
      .set({ sweptAt: new Date(), sweptAmount: amount.toString() })
      .where(and(eq(airdropRounds.id, id), sql`${airdropRounds.sweptAt} IS NULL`))
      .returning({ id: airdropRounds.id });
    if (!swept) return; // a racing sweep of the same transaction recorded it (and its entry)
    await recordAudit(t, {
      actor,
      action: "airdrop.sweep",
      target: `airdrop:${id}`,
      after: { sweptAmount: amount.toString(), to: to ?? "deployer" },
    });
  });
  return getRound(db, id);
}
