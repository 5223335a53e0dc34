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
 */
import { createPublicClient, type Hex, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { openDb } from "../src/db/client";
import { publishRound } from "../src/features/airdrop/server/publish";

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
try {
  const r = await publishRound(handle.db, env("PUBLISH_CHILD_ROUND"), {
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
  });
  process.stdout.write(`DONE ${r.status}\n`);
} catch (err) {
  process.stdout.write(
    (err as { code?: string }).code === "PUBLISH_IN_PROGRESS" ? "BUSY\n" : `FAILED ${err}\n`,
  );
} finally {
  await handle.close();
}
