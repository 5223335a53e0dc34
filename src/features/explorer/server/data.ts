import {
  type Address,
  BlockNotFoundError,
  type Hex,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from "viem";
import { testnetClient } from "@/chain/clients";
import { getDb } from "@/db/client";
import type { ChainEventRow } from "@/db/schema";
import {
  type ActivityPage,
  accountActivity,
  currentActivityContext,
  currentWatchList,
  InvalidCursorError,
  indexerPosition,
  transactionEvents,
  type WatchList,
  withRoundTokens,
} from "@/features/indexer/server";
import { namesFor } from "@/features/names/server";
import { currentDeployment } from "@/features/tokens/server";
import type { BalanceResponse } from "@/features/wallet";
import { balanceService } from "@/features/wallet/server";
import { normalizeAddress } from "@/lib/address-checks";
import { config } from "@/server/config";
import { logger } from "@/server/logger";
import { rpcErrorForLog } from "@/server/rpc-error";
import { type BlockBody, type ChainTx, explorerChainCache } from "./chain-cache";

const NOT_FOUND = [BlockNotFoundError, TransactionNotFoundError, TransactionReceiptNotFoundError];
const NOT_FOUND_NAMES = new Set(NOT_FOUND.map((E) => E.name));

/**
 * The node answered that the block or transaction does not exist: viem throws one of its not-found
 * errors for the `null` result (by class, or by name so another copy of viem counts, as in
 * chain-cache.ts), possibly as the cause of a wrapper. Not a text match: "not found" also occurs in
 * an HTTP 404 from a misconfigured TESTNET_RPC_URL ("Status: 404 … Not Found"), which then showed
 * every block and transaction as nonexistent instead of failing as the outage it is.
 */
function isNotFound(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    if (NOT_FOUND.some((E) => e instanceof E) || NOT_FOUND_NAMES.has(e.name)) return true;
  }
  return false;
}

/**
 * The testnet could not be read (RPC down, an HTTP error, a rate limit) for a block or transaction
 * page: the page says so and offers a retry instead of failing as a 500 (explorer/ChainUnavailable).
 */
export class TestnetUnreadableError extends Error {
  override name = "TestnetUnreadableError";
  constructor(what: string, cause: unknown) {
    super(`explorer: reading ${what} failed: ${rpcErrorForLog(cause).message}`, { cause });
  }
}

/** `read()`, with the node's "does not exist" as null and any other failure as TestnetUnreadableError. */
async function readChain<T>(what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (isNotFound(err)) return null;
    logger.warn({ err: rpcErrorForLog(err) }, `explorer: reading ${what} failed`);
    throw new TestnetUnreadableError(what, err);
  }
}

/** Human names of our contracts, for "to"/"from" cells (lower-case address → label). */
export function contractLabels(): Map<string, string> {
  const d = currentDeployment();
  const labels = new Map<string, string>();
  if (!d) return labels;
  const c = config();
  const names: Record<keyof typeof d.contracts, string> = {
    wrappedNative: `W${c.NATIVE_SYMBOL} token`,
    tUSD: "tUSD token",
    tETH: "tETH token",
    factory: "AMM factory",
    router: "AMM router",
    disperse: "Disperse (faucet payouts)",
    stakingWAURUM: `Staking W${c.NATIVE_SYMBOL}`,
    stakingLP: "Staking LP",
  };
  for (const [k, v] of Object.entries(d.contracts))
    labels.set(v.address.toLowerCase(), names[k as keyof typeof names]);
  for (const [k, v] of Object.entries(d.pairs))
    labels.set(v.toLowerCase(), `${k.replace("WAURUM", `W${c.NATIVE_SYMBOL}`)} pool`);
  return labels;
}

export type DecodedEvent = {
  logIndex: number;
  kind: string;
  from: string | null;
  to: string | null;
  /** Formatted by the page: base units + the token's decimals and symbol. */
  amount: { value: string; decimals: number; symbol: string } | null;
  contract: string | null;
  args: Record<string, string | number | boolean>;
};

function describeRows(rows: ChainEventRow[], watch: WatchList | null): DecodedEvent[] {
  const c = config();
  return rows.map((r) => {
    const token = r.token ? watch?.tokens.get(r.token) : undefined;
    const symbol = r.token ? (token?.symbol ?? "tokens") : c.NATIVE_SYMBOL;
    return {
      logIndex: r.logIndex,
      kind: r.kind,
      from: r.fromAddress,
      to: r.toAddress,
      amount: r.amount ? { value: r.amount, decimals: r.token ? (token?.decimals ?? 18) : 18, symbol } : null,
      contract: r.contract,
      args: r.args,
    };
  });
}

/** A transaction as the page shows it: the chain's answer (block time as ISO), its indexed events. */
export type TxView = Omit<ChainTx, "blockHash" | "timestamp"> & {
  hash: Hex;
  time: string | null;
  events: DecodedEvent[];
  indexed: boolean;
};

/**
 * A transaction from the chain plus its decoded index rows; null when the chain does not know it.
 * The chain part comes through the explorer's cache (./chain-cache.ts: mined and deep enough only);
 * the index rows are read on every view, since the indexer may add them later.
 */
export async function getTxView(hash: Hex): Promise<TxView | null> {
  const tx: ChainTx | null = await readChain("a transaction", () =>
    explorerChainCache().tx(testnetClient(), hash),
  );
  if (!tx) return null;
  const db = await getDb();
  const rows = await transactionEvents(db, hash);
  const watch = currentWatchList();
  return {
    hash,
    status: tx.status,
    blockNumber: tx.blockNumber,
    time: tx.timestamp === null ? null : new Date(tx.timestamp * 1000).toISOString(),
    from: tx.from,
    to: tx.to,
    contractCreated: tx.contractCreated,
    value: tx.value,
    gasUsed: tx.gasUsed,
    fee: tx.fee,
    nonce: tx.nonce,
    input: tx.input,
    // An airdrop claim names the round's token, which only the round knows (not the deployment file).
    events: describeRows(rows, watch ? await withRoundTokens(db, watch, rows) : null),
    indexed: rows.length > 0,
  };
}

export type BlockView = {
  number: number;
  hash: Hex;
  parentHash: Hex;
  time: string;
  gasUsed: bigint;
  gasLimit: bigint;
  baseFee: bigint | null;
  miner: Address;
  transactions: { hash: Hex; from: Address; to: Address | null; value: bigint }[];
  latest: number;
};

/**
 * Block `number` with its transactions; null above the head or when the chain does not know it,
 * TestnetUnreadableError when the chain cannot be read.
 */
export async function getBlockView(number: number): Promise<BlockView | null> {
  const client = testnetClient();
  const cache = explorerChainCache();
  const latest = await readChain("the latest block number", () => cache.latest(client, number));
  if (latest === null || number > latest) return null;
  const b: BlockBody | null = await readChain("a block", () => cache.block(client, number, latest));
  if (!b) return null;
  return {
    number,
    hash: b.hash,
    parentHash: b.parentHash,
    time: new Date(b.timestamp * 1000).toISOString(),
    gasUsed: b.gasUsed,
    gasLimit: b.gasLimit,
    baseFee: b.baseFee,
    miner: b.miner,
    transactions: b.transactions,
    latest,
  };
}

export type AddressView = {
  address: Address;
  label: string | null;
  /** The registered name (`alice.aurum`), if any. */
  name: string | null;
  /** null: the chain could not be read; the page says so instead of guessing "Account". */
  isContract: boolean | null;
  /** The account's nonce; null when the chain could not be read (never a made-up 0). */
  txCount: number | null;
  /** null before the contracts are deployed; `status: "unavailable"` when the chain could not be read. */
  balances: BalanceResponse | null;
  activity: ActivityPage;
  badCursor: boolean;
};

export async function getAddressView(raw: string, cursor: string | null): Promise<AddressView> {
  const address = normalizeAddress(raw);
  const client = testnetClient();
  // The indexed activity below is still worth showing while the RPC is down, so a chain read that
  // fails becomes "unknown" (null) rather than failing the page; never a default that reads as a fact.
  const unknown = (what: string) => (err: unknown) => {
    logger.warn({ err: rpcErrorForLog(err), address }, `explorer: ${what} failed`);
    return null;
  };
  const [code, txCount, balances] = await Promise.all([
    client.getCode({ address }).catch(unknown("reading the code")),
    client.getTransactionCount({ address }).catch(unknown("reading the nonce")),
    balanceService()
      ?.get(address)
      .catch((err: unknown): BalanceResponse => {
        unknown("reading the balances")(err);
        return { balances: [], status: "unavailable", fetchedAt: new Date().toISOString() };
      }) ?? Promise.resolve(null),
  ]);
  const ctx = currentActivityContext();
  let activity: ActivityPage = { data: [], next: null };
  let badCursor = false;
  if (ctx) {
    try {
      activity = await accountActivity(await getDb(), address, { cursor, limit: 25, ctx });
    } catch (err) {
      if (!(err instanceof InvalidCursorError)) throw err;
      badCursor = true;
      activity = await accountActivity(await getDb(), address, { limit: 25, ctx });
    }
  }
  const names = await namesFor(await getDb(), [address]);
  return {
    address,
    label: contractLabels().get(address.toLowerCase()) ?? null,
    name: names.get(address.toLowerCase()) ?? null,
    // getCode answers undefined for an address without code; null is our "could not read".
    isContract: code === null ? null : Boolean(code && code !== "0x"),
    txCount,
    balances,
    activity,
    badCursor,
  };
}

export type ExplorerHome = {
  /** false: the testnet could not be read (RPC down); `latest` is null and `blocks` empty. */
  reachable: boolean;
  latest: number | null;
  indexedTo: number | null;
  blocks: { number: number; hash: Hex; time: string; txCount: number }[];
};

/**
 * The explorer's front page: the newest `count` blocks. Through the cache a view costs no RPC call
 * when nothing new was mined (and at most one `eth_blockNumber` per second, shared by all views),
 * otherwise one `eth_getBlockByNumber` per new block (plus the top `INDEXER_CONFIRMATIONS` blocks,
 * which are re-read until they are that deep).
 */
export async function getExplorerHome(count = 10): Promise<ExplorerHome> {
  // An RPC outage failed the whole page with a 500; the page says the testnet cannot be reached
  // instead (the indexer's position, from the database, is still shown). A database error still
  // fails the page: that is no "testnet" state.
  const chain = await explorerChainCache()
    .recent(testnetClient(), count)
    .catch((err: unknown) => {
      logger.warn({ err: rpcErrorForLog(err) }, "explorer: reading the latest blocks failed");
      return null;
    });
  const indexedTo = await indexerPosition(await getDb(), config().TESTNET_CHAIN_ID);
  if (!chain) return { reachable: false, latest: null, indexedTo, blocks: [] };
  const { latest, blocks } = chain;
  return {
    reachable: true,
    latest,
    indexedTo,
    blocks: blocks.map((b) => ({
      number: b.number,
      hash: b.hash,
      time: new Date(b.timestamp * 1000).toISOString(),
      txCount: b.txCount,
    })),
  };
}
