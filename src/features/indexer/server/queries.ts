import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { faucetAccount } from "@/chain/accounts";
import { tryLoadDeployment } from "@/chain/deployment";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { type ChainEventRow, chainEvents, indexerCursors } from "@/db/schema";
import { airdropDistributors } from "@/features/airdrop/server";
import { config } from "@/server/config";
import { type Activity, type ActivityContext, deriveActivity } from "./activity";
import { type WatchList, watchListFromDeployment, withDistributorTokens } from "./contracts";
import { decodeCursor, encodeCursor, type HistoryCursor } from "./cursor";

let cachedWatch: { key: string; watch: WatchList | null } | undefined;

/** Our contracts on the configured testnet, or null before they are deployed (re-read until they are). */
export function currentWatchList(): WatchList | null {
  const c = config();
  const key = `${c.TESTNET_CHAIN_ID}:${c.DEPLOYMENTS_DIR}`;
  if (cachedWatch?.key === key && cachedWatch.watch) return cachedWatch.watch;
  const d = tryLoadDeployment(c.TESTNET_CHAIN_ID, c.DEPLOYMENTS_DIR);
  const watch = d
    ? watchListFromDeployment(d, { nativeSymbol: c.NATIVE_SYMBOL, nativeName: c.nativeCurrencyName })
    : null;
  cachedWatch = { key, watch };
  return watch;
}

export function currentActivityContext(): ActivityContext | null {
  const watch = currentWatchList();
  if (!watch) return null;
  const c = config();
  return {
    watch,
    chainId: c.TESTNET_CHAIN_ID,
    explorerUrl: c.explorerUrl,
    faucet: faucetAccount().address.toLowerCase(),
  };
}

/**
 * `watch` with the airdrop rounds' tokens when `rows` name a token it does not know. The watch list
 * comes from the deployment file, which has no round's token (publishing deploys it, or the operator
 * chose one); only the round stores its symbol and decimals. Read only then, so rows without such a
 * token (most pages) cost no query.
 */
export async function withRoundTokens(
  db: Db,
  watch: WatchList,
  rows: readonly Pick<ChainEventRow, "token">[],
): Promise<WatchList> {
  if (rows.every((r) => !r.token || watch.tokens.has(r.token.toLowerCase()))) return watch;
  return withDistributorTokens(watch, await airdropDistributors(db));
}

export type ActivityPage = { data: Activity[]; next: string | null };

export class InvalidCursorError extends Error {
  override name = "InvalidCursorError";
}

/**
 * A participant's activity, newest first, one page of transactions at a time. The cursor is the
 * (block, tx index) of the last transaction of the previous page, so pages never overlap or skip
 * even while new blocks arrive.
 */
export async function accountActivity(
  db: Db,
  address: string,
  opts: { cursor?: string | null; limit?: number; ctx: ActivityContext },
): Promise<ActivityPage> {
  const me = address.toLowerCase();
  const limit = Math.min(Math.max(opts.limit ?? 20, 1), 100);
  let after: HistoryCursor | null = null;
  if (opts.cursor) {
    after = decodeCursor(opts.cursor);
    if (!after) throw new InvalidCursorError("The cursor is invalid; start again without it.");
  }
  const txs = await newestTransactions(db, me, after, limit + 1);
  const page = txs.slice(0, limit);
  const hasMore = txs.length > limit;
  if (page.length === 0) return { data: [], next: null };
  const rows = await db
    .select()
    .from(chainEvents)
    .where(
      inArray(
        chainEvents.txHash,
        page.map((t) => t.txHash),
      ),
    )
    .orderBy(asc(chainEvents.logIndex));
  const byTx = new Map<string, ChainEventRow[]>();
  for (const r of rows) byTx.set(r.txHash, [...(byTx.get(r.txHash) ?? []), r]);
  const ctx = { ...opts.ctx, watch: await withRoundTokens(db, opts.ctx.watch, rows) };
  const data: Activity[] = [];
  for (const t of page) {
    const a = deriveActivity(byTx.get(t.txHash) ?? [], me, ctx);
    if (a) data.push(a);
  }
  const last = page.at(-1)!;
  return { data, next: hasMore ? encodeCursor({ block: last.block, txIndex: last.txIndex }) : null };
}

/**
 * The newest `n` transactions (below `after`) with a row naming `me` as sender, recipient or signer.
 * One branch per address column, each ordered like its (column, block_number DESC, tx_index DESC)
 * index and limited to `n`, so each reads about `n` index entries; a single `a OR b OR c` has no
 * index in that order and walked the table newest-first, filtering out everyone else's rows. The
 * overall newest `n` are among the union of each column's newest `n`.
 */
async function newestTransactions(
  db: Db,
  me: string,
  after: HistoryCursor | null,
  n: number,
): Promise<{ block: number; txIndex: number; txHash: string }[]> {
  const before = after ? sql`AND (block_number, tx_index) < (${after.block}, ${after.txIndex})` : sql``;
  // (block, tx index) names one transaction, as the page cursor already assumes; min() only carries
  // its hash through the grouping without adding a sort key the indexes do not have.
  const branch = (column: string) => sql`(
    SELECT block_number, tx_index, min(tx_hash) AS tx_hash FROM chain_events
    WHERE ${sql.identifier(column)} = ${me} ${before}
    GROUP BY block_number, tx_index ORDER BY block_number DESC, tx_index DESC LIMIT ${n})`;
  const result = await db.execute(sql`
    SELECT block_number, tx_index, min(tx_hash) AS tx_hash
    FROM (${branch("from_address")} UNION ALL ${branch("to_address")} UNION ALL ${branch("tx_from")}) AS mine
    GROUP BY block_number, tx_index ORDER BY block_number DESC, tx_index DESC LIMIT ${n}`);
  // bigint columns come back as strings from node-postgres and as numbers from PGlite.
  return rowsOf<{ block_number: string | number; tx_index: number; tx_hash: string }>(result).map((r) => ({
    block: Number(r.block_number),
    txIndex: Number(r.tx_index),
    txHash: r.tx_hash,
  }));
}

/** Every indexed row of one transaction (the explorer's decoded events). */
export async function transactionEvents(db: Db, txHash: string): Promise<ChainEventRow[]> {
  return db
    .select()
    .from(chainEvents)
    .where(eq(chainEvents.txHash, txHash.toLowerCase()))
    .orderBy(asc(chainEvents.logIndex));
}

/** The indexer's position (null before its first step). */
export async function indexerPosition(db: Db, chainId: number, name = "chain"): Promise<number | null> {
  const [row] = await db
    .select({ n: indexerCursors.blockNumber })
    .from(indexerCursors)
    .where(and(eq(indexerCursors.name, name), eq(indexerCursors.chainId, chainId)));
  return row?.n ?? null;
}
