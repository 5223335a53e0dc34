/**
 * The airdrop publish job in its own process, for the kill test
 * (src/features/airdrop/server/publish-kill.int.test.ts), which SIGKILLs it between steps.
 *
 * Env: PUBLISH_CHILD_DB_URL (PostgreSQL), PUBLISH_CHILD_RPC_URL, PUBLISH_CHILD_KEY (deployer key),
 * PUBLISH_CHILD_CHAIN_ID, PUBLISH_CHILD_ROUND, PUBLISH_CHILD_LEASE_SECONDS,
 * PUBLISH_CHILD_STOP_AT ("step:<frozen|token|deployed|funded>", "record:<token|deploy|fund>", or
 * "batch:<allocations|tree>" = inside the freeze transaction, after the first batch of that table is
 * written): print `STOPPED <where>` on stdout at that point and hang until killed.
 * PUBLISH_CHILD_TREE_CHUNK_CHARS: the tree chunk size (small, to get several chunks). Prints `DONE <status>` when published,
 * `BUSY` when another job's lease is still held.
 * PUBLISH_CHILD_MODE=worker: one airdrop worker tick instead (claims the oldest requested round, the
 * round env is then unused): prints `DONE <status>` for the round it ran, `IDLE` when none was claimable.
 */
import { createPublicClient, type Hex, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { openDb } from "../src/db/client";
import { runNextPublish } from "../src/features/airdrop/server/jobs";
import { type PublishOptions, publishRound } from "../src/features/airdrop/server/publish";
import { getRound } from "../src/features/airdrop/server/rounds";

const env = (k: string) => {
  const v = process.env[k];
  if (!v) throw new Error(`${k} is required`);
  return v;
};
const stopAt = process.env.PUBLISH_CHILD_STOP_AT ?? "";
const handle = await openDb({ databaseUrl: env("PUBLISH_CHILD_DB_URL") });
const client = createPublicClient({ transport: http(env("PUBLISH_CHILD_RPC_URL")), pollingInterval: 20 });
const hang = async (where: string) => {
  if (where !== stopAt) return;
  process.stdout.write(`STOPPED ${where}\n`);
  await new Promise(() => {}); // until SIGKILL
};
const opts: PublishOptions = {
  env: {
    client: client as PublicClient,
    account: privateKeyToAccount(env("PUBLISH_CHILD_KEY") as Hex),
    chainId: Number(env("PUBLISH_CHILD_CHAIN_ID")),
  },
  leaseSeconds: Number(process.env.PUBLISH_CHILD_LEASE_SECONDS ?? 300),
  treeChunkChars: Number(process.env.PUBLISH_CHILD_TREE_CHUNK_CHARS) || undefined,
  hooks: {
    afterStep: (s) => hang(`step:${s}`),
    afterRecord: (k) => hang(`record:${k}`),
    afterBatch: (t) => hang(`batch:${t}`),
  },
};
try {
  if (process.env.PUBLISH_CHILD_MODE === "worker") {
    const ran = await runNextPublish(handle.db, opts);
    if (!ran) process.stdout.write("IDLE\n");
    else if (ran.error) process.stdout.write(`FAILED ${ran.error}\n`);
    else process.stdout.write(`DONE ${(await getRound(handle.db, ran.roundId)).status}\n`);
  } else {
    const r = await publishRound(handle.db, env("PUBLISH_CHILD_ROUND"), opts);
    process.stdout.write(`DONE ${r.status}\n`);
  }
} catch (err) {
  process.stdout.write(
    (err as { code?: string }).code === "PUBLISH_IN_PROGRESS" ? "BUSY\n" : `FAILED ${err}\n`,
  );
} finally {
  await handle.close();
}
