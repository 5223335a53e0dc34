// Test helpers of the tasks feature (a database with tasks, the fake chain the verifiers read, rows
// written the way the indexer writes them), for tests only (docs/ARCHITECTURE.md, "Feature entries").
import type { Db, DbHandle } from "@/db/client";
import { chainEvents, type NewChainEvent } from "@/db/schema";
import type { TestSession } from "@/features/auth/testing";
import { watchListFromDeployment } from "@/features/indexer/server";
import { fakeDeployment } from "@/features/indexer/testing";
import { resetConfigForTests } from "@/server/config";
import { testDb } from "../../../test/db";
import { chainContextFor } from "./server/chain";
import { parseTasksYaml, upsertTasks } from "./server/seed";

/**
 * A test file's database (test/db.ts) with the tasks of `tasksYaml` (content/tasks.yaml's format)
 * stored; the site is http://localhost:3000 whatever PORT/PUBLIC_URL the environment holds.
 */
export async function tasksTestDb(tasksYaml?: string): Promise<DbHandle> {
  process.env.PUBLIC_URL = "http://localhost:3000";
  resetConfigForTests();
  const handle = await testDb();
  if (tasksYaml !== undefined) await upsertTasks(handle.db, parseTasksYaml(tasksYaml));
  return handle;
}

/**
 * The indexer's fixed fake deployment (contract n at address n, pairs at 0x11..0x13), its watch
 * list, and the verifiers' chain context with every contract of it (as `currentChainContext`).
 */
export function fakeTaskChain() {
  const deployment = fakeDeployment();
  const watch = watchListFromDeployment(deployment, { nativeSymbol: "AURUM", nativeName: "Aurum" });
  const chain = chainContextFor(
    watch,
    Object.values(deployment.contracts).map((x) => x.address),
  );
  return { deployment, watch, chain };
}

/** A test session's participant as `verifyTask` and `listTasks` take it. */
export const who = (s: TestSession) => ({ userId: s.user.id, address: s.user.address });

let lastBlock = 100;
/**
 * One indexed row; defaults mimic a successful event (log 0) of a fresh transaction in a fresh
 * block mined now.
 */
export async function indexedEvent(
  db: Db,
  row: Partial<NewChainEvent> & Pick<NewChainEvent, "kind" | "txFrom">,
): Promise<void> {
  const block = ++lastBlock;
  const hash = `0x${block.toString(16).padStart(64, "0")}`;
  await db.insert(chainEvents).values({
    blockNumber: block,
    blockHash: hash,
    blockTime: new Date(),
    txHash: hash,
    txIndex: 0,
    logIndex: 0,
    args: {},
    status: "success",
    ...row,
  });
}

/** A swap event's pair and args: `tusdIn` base units of tUSD into the WAURUM/tUSD pair, 1 unit out. */
export function tusdSwap({ deployment, watch }: ReturnType<typeof fakeTaskChain>, tusdIn: bigint) {
  const pair = deployment.pairs["WAURUM/tUSD"].toLowerCase();
  const role = watch.roles.get(pair);
  if (role?.kind !== "pair") throw new Error("pair role");
  const tusdIs0 = role.token0.toLowerCase() === watch.tUSD.toLowerCase();
  return {
    pair,
    args: tusdIs0
      ? { amount0In: tusdIn.toString(), amount1In: "0", amount0Out: "0", amount1Out: "1" }
      : { amount0In: "0", amount1In: tusdIn.toString(), amount0Out: "1", amount1Out: "0" },
  };
}

/**
 * A swap of `tusdIn` tUSD (default 10) into the WAURUM/tUSD pair by `by`, sent to the pair itself,
 * indexed with the block time `blockTime`.
 */
export async function indexedSwap(
  db: Db,
  chain: ReturnType<typeof fakeTaskChain>,
  { by, blockTime, tusdIn = 10_000_000n }: { by: string; blockTime: Date; tusdIn?: bigint },
): Promise<void> {
  const { pair, args } = tusdSwap(chain, tusdIn);
  await indexedEvent(db, {
    blockTime,
    kind: "swap",
    contract: pair,
    token: pair,
    fromAddress: pair,
    toAddress: by,
    txFrom: by,
    txTo: pair,
    args,
  });
}
