import { LRUCache } from "lru-cache";
import { type Address, type Hex, type PublicClient, TransactionNotFoundError } from "viem";
import { config } from "@/server/config";
import { processState } from "@/server/process-state";

/**
 * Over 300 lines: the head number, blocks and transactions share one reset (a reorg empties all
 * three) and one single-flight map; split apart, each file would need the others' private state.
 *
 * The explorer's chain reads, cached (docs/ARCHITECTURE.md, "Caching"). Without it every view of
 * /explorer cost 11 RPC calls (the head number and 10 blocks), and a block or transaction page
 * re-read data that cannot change; a few bots refreshing /explorer multiplied that on the
 * operator's node (often a paid, rate-limited provider).
 *
 * - The head number is read once per HEAD_REUSE_MS: concurrent views share one `eth_blockNumber`
 *   in flight, and views within that second reuse its answer. A block page just above the reused
 *   head (at most HEAD_NEXT_BLOCKS) may read it again, at most once per HEAD_RECHECK_MS; a number
 *   further up is no block mined in that second but a guess or a bot, so its 404 reuses the head.
 * - Every block, transaction and receipt read is single-flight: N concurrent views of the same
 *   object cost one call.
 * - Blocks (by number), and mined transactions with their receipts, are kept for ENTRY_TTL_MS once
 *   they are at least `confirmations` deep (INDEXER_CONFIRMATIONS, the depth the indexer also
 *   trusts). Shallower ones are kept for HEAD_REUSE_MS only, like the head number: without that,
 *   with confirmations > 0 every view would re-read the top `confirmations` blocks. Pending
 *   transactions, blocks above the head and failed reads are never kept.
 * - A transaction hash the node does not know is remembered for MISS_TTL_MS (a bounded negative
 *   cache): a page refreshed or linked many times, or a bot repeating hashes, costs one
 *   `eth_getTransactionByHash` per hash per MISS_TTL_MS instead of one per view. Short, because the
 *   transaction may be mined in the next block. Hashes that are each new still cost a call each:
 *   that is for a rate limit to bound, not a cache.
 *
 * Why by number, with a depth rule, two free hash checks and a short TTL (not by number + hash):
 * what a block number holds changes only by a reorg, and the operator's confirmations say how deep
 * one can go. Keeping only blocks at least that deep beyond a second means a reorg within the
 * confirmations is seen within HEAD_REUSE_MS, the same lag the head number already has. With 0 confirmations (Anvil) every mined block is stored: Anvil does not
 * reorg by itself, but `evm_revert`, `anvil_reorg` or a real chain run with 0 can replace the tip.
 * Two checks that cost no call catch most of that: a head number lower than the last one (the chain
 * got shorter) empties the cache, and the home list checks that each block's parent hash is the
 * hash of the block below it (emptying the cache and reading again on a break; with confirmations
 * > 0 the top of the list is read again every second, so it anchors the check). What neither can see (a
 * replaced block that nothing links to again, a transaction of a dropped block) is served for at
 * most ENTRY_TTL_MS. Keying by number + hash would not save anything: learning the hash of a number
 * costs the very `eth_getBlockByNumber` call the cache saves.
 *
 * Process-wide (`processState`), keyed by chain, RPC URL and confirmations: the pages and the route
 * handlers are separate bundles and must share one cache and one in-flight head read.
 */

/** How long one `eth_blockNumber` answer serves every view (the home list can lag the chain by this). */
export const HEAD_REUSE_MS = 1_000;
/**
 * How far above the reused head a block page's number may be and still read the head again: a block
 * mined since (a participant following a link to the block of a transaction just sent). A bot asking
 * for /explorer/block/999999999 over and over is well above it and costs no call per view.
 */
export const HEAD_NEXT_BLOCKS = 2;
/** At most one such re-read per this interval, however many views ask for the next blocks. */
export const HEAD_RECHECK_MS = 250;
/** Upper bound on how long an entry replaced by a reorg deeper than the confirmations can be shown. */
export const ENTRY_TTL_MS = 30_000;
/**
 * How long a "not found" answer for a transaction hash is reused: about a block on a live testnet,
 * so a just-sent transaction shows up at most this late; never longer (lru-cache drops it at the TTL).
 */
export const MISS_TTL_MS = 2_000;
/**
 * Bounds (memory stays a few MiB at most): block headers are ~0.4 KB each; full blocks are weighed
 * by their transaction rows (~0.5 KB each), a block heavier than the whole budget is not kept;
 * transactions are weighed by their calldata in KiB of hex, so a few huge deploys cannot pin memory.
 */
export const LIMITS = {
  headers: 1_024,
  blocks: 128,
  blockTxRows: 8_192,
  txs: 1_024,
  txInputKiB: 2_048,
  /** Unknown hashes remembered (a key and a flag, ~0.2 KB each: under 1 MiB in all). */
  misses: 4_096,
} as const;

type Rpc = Pick<PublicClient, "getBlockNumber" | "getBlock" | "getTransaction" | "getTransactionReceipt">;

export type BlockHeader = { number: number; hash: Hex; parentHash: Hex; timestamp: number; txCount: number };
export type BlockBody = BlockHeader & {
  gasUsed: bigint;
  gasLimit: bigint;
  baseFee: bigint | null;
  miner: Address;
  transactions: { hash: Hex; from: Address; to: Address | null; value: bigint }[];
};
/** What the transaction page shows from the chain; `blockNumber` null while pending. */
export type ChainTx = {
  status: "success" | "reverted" | "pending";
  blockNumber: number | null;
  blockHash: Hex | null;
  /** Block time in Unix seconds; null while pending or when the block could not be read. */
  timestamp: number | null;
  from: Address;
  to: Address | null;
  contractCreated: Address | null;
  value: bigint;
  gasUsed: bigint | null;
  fee: bigint | null;
  nonce: number;
  input: Hex;
};

export class ExplorerChainCache {
  private head: { value: number; at: number } | undefined;
  private headFlight: Promise<number> | undefined;
  /** When a view last read the head again for a next block (HEAD_RECHECK_MS). */
  private recheckAt = Number.NEGATIVE_INFINITY;
  private readonly flights = new Map<string, Promise<unknown>>();
  /** Bumped by clear(): a read started before it must not store what it got. */
  private generation = 0;
  /** The clock of the TTLs too (lru-cache's default is the same `performance.now`). */
  private readonly perf = { now: () => this.now() };
  private readonly headers = new LRUCache<number, BlockHeader>({
    max: LIMITS.headers,
    ttl: ENTRY_TTL_MS,
    perf: this.perf,
  });
  private readonly blocks = new LRUCache<number, BlockBody>({
    max: LIMITS.blocks,
    maxSize: LIMITS.blockTxRows,
    sizeCalculation: (b) => 1 + b.transactions.length,
    ttl: ENTRY_TTL_MS,
    perf: this.perf,
  });
  private readonly txs = new LRUCache<Hex, ChainTx>({
    max: LIMITS.txs,
    maxSize: LIMITS.txInputKiB,
    sizeCalculation: (t) => 1 + Math.ceil(t.input.length / 1024),
    ttl: ENTRY_TTL_MS,
    perf: this.perf,
  });
  /** Unknown hashes; a hit throws what viem throws for the node's null (no error object is kept). */
  private readonly misses = new LRUCache<Hex, true>({
    max: LIMITS.misses,
    ttl: MISS_TTL_MS,
    perf: this.perf,
  });

  constructor(
    private readonly confirmations: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Entry counts (tests and the bench). */
  sizes() {
    return {
      headers: this.headers.size,
      blocks: this.blocks.size,
      txs: this.txs.size,
      misses: this.misses.size,
      flights: this.flights.size,
    };
  }

  /** Forgets everything, including the head number; reads in flight will not store their answers. */
  clear(): void {
    this.generation++;
    this.head = undefined;
    this.headers.clear();
    this.blocks.clear();
    this.txs.clear();
    this.misses.clear();
    this.flights.clear();
  }

  /**
   * The head block number, at most HEAD_REUSE_MS old. `atLeast`: a block page's number. A reused
   * head just below it (HEAD_NEXT_BLOCKS) is read again, at most once per HEAD_RECHECK_MS, so a block
   * mined a moment ago is found; further above, the reused head answers, or else every view of a
   * block that does not exist yet cost one `eth_blockNumber`.
   */
  latest(client: Rpc, atLeast = -1): Promise<number> {
    const h = this.head;
    const now = this.now();
    if (h && now - h.at < HEAD_REUSE_MS) {
      if (h.value >= atLeast) return Promise.resolve(h.value);
      const next = atLeast - h.value <= HEAD_NEXT_BLOCKS;
      if (!next || now - this.recheckAt < HEAD_RECHECK_MS) return this.headFlight ?? Promise.resolve(h.value);
      this.recheckAt = now;
    }
    if (!this.headFlight) {
      const at = this.now();
      const flight = client
        .getBlockNumber({ cacheTime: 0 })
        .then((n) => {
          const value = Number(n);
          // The chain got shorter (evm_revert, a node behind a balancer that lags): what we stored
          // above it may be replaced when it grows again.
          if (this.head && value < this.head.value) this.clear();
          if (!this.head || at >= this.head.at) this.head = { value, at };
          return value;
        })
        .finally(() => {
          if (this.headFlight === flight) this.headFlight = undefined;
        });
      this.headFlight = flight;
    }
    return this.headFlight;
  }

  /** Block `n`'s header (`latest`: the head the caller read, for the depth rule). */
  header(client: Rpc, n: number, latest: number): Promise<BlockHeader> {
    const hit = this.headers.get(n) ?? this.blocks.get(n);
    if (hit) return Promise.resolve(hit);
    return this.once(`h:${n}`, async (keep) => {
      const b = await client.getBlock({ blockNumber: BigInt(n) });
      const header = headerOf(b);
      if (keep()) this.headers.set(n, header, { ttl: this.ttlAt(n, latest) });
      return header;
    });
  }

  /** Block `n` with its transactions (the block page). */
  block(client: Rpc, n: number, latest: number): Promise<BlockBody> {
    const hit = this.blocks.get(n);
    if (hit) return Promise.resolve(hit);
    return this.once(`b:${n}`, async (keep) => {
      const b = await client.getBlock({ blockNumber: BigInt(n), includeTransactions: true });
      const body: BlockBody = {
        ...headerOf(b),
        gasUsed: b.gasUsed,
        gasLimit: b.gasLimit,
        baseFee: b.baseFeePerGas ?? null,
        miner: b.miner,
        transactions: b.transactions.map((t) => ({ hash: t.hash, from: t.from, to: t.to, value: t.value })),
      };
      if (keep()) {
        this.blocks.set(n, body, { ttl: this.ttlAt(n, latest) });
        this.headers.delete(n); // the body serves header() too; one copy is enough
      }
      return body;
    });
  }

  /**
   * The `count` newest blocks' headers, newest first, checked to form one chain: a cached header
   * whose hash is not the parent hash of the block above it was replaced by a reorg, so the cache is
   * emptied and the list read again (once; a chain still moving under us is shown as read).
   */
  async recent(client: Rpc, count: number): Promise<{ latest: number; blocks: BlockHeader[] }> {
    for (let attempt = 0; ; attempt++) {
      const latest = await this.latest(client);
      const numbers = Array.from({ length: Math.max(0, Math.min(count, latest + 1)) }, (_, i) => latest - i);
      const blocks = await Promise.all(numbers.map((n) => this.header(client, n, latest)));
      const linked = blocks.every((b, i) => i === 0 || blocks[i - 1]?.parentHash === b.hash);
      if (linked || attempt > 0) return { latest, blocks };
      const head = this.head;
      this.clear();
      this.head = head; // the head number itself was just read; keep sharing it
    }
  }

  /**
   * A transaction with its receipt and block time. Throws the client's error (including "not
   * found", which the caller maps to a 404). Kept only when mined, its receipt and block agree on
   * the block hash, and the block is `confirmations` deep.
   */
  tx(client: Rpc, hash: Hex): Promise<ChainTx> {
    const hit = this.txs.get(hash);
    if (hit) return Promise.resolve(hit);
    if (this.misses.get(hash)) return Promise.reject(new TransactionNotFoundError({ hash }));
    return this.once(`t:${hash}`, async (keep) => {
      const tx = await client.getTransaction({ hash }).catch((err: unknown) => {
        // Only the node's own "no such transaction": a failed or rate-limited read says nothing.
        if (keep() && isTxNotFound(err)) this.misses.set(hash, true);
        throw err;
      });
      const base = { from: tx.from, to: tx.to ?? null, value: tx.value, nonce: tx.nonce, input: tx.input };
      if (tx.blockNumber === null || tx.blockHash === null) {
        return {
          ...base,
          status: "pending",
          blockNumber: null,
          blockHash: null,
          timestamp: null,
          contractCreated: null,
          gasUsed: null,
          fee: null,
        };
      }
      const n = Number(tx.blockNumber);
      const [receipt, latest] = await Promise.all([
        client.getTransactionReceipt({ hash }).catch(() => null),
        this.latest(client).catch(() => -1),
      ]);
      const block = await this.header(client, n, latest).catch(() => null);
      const view: ChainTx = {
        ...base,
        status: receipt ? (receipt.status === "success" ? "success" : "reverted") : "pending",
        blockNumber: n,
        blockHash: tx.blockHash,
        timestamp: block ? block.timestamp : null,
        contractCreated: receipt?.contractAddress ?? null,
        gasUsed: receipt?.gasUsed ?? null,
        fee: receipt ? receipt.gasUsed * receipt.effectiveGasPrice : null,
      };
      const consistent = receipt?.blockHash === tx.blockHash && block?.hash === tx.blockHash;
      if (keep() && consistent) this.txs.set(hash, view, { ttl: this.ttlAt(n, latest) });
      return view;
    });
  }

  /** ENTRY_TTL_MS once `confirmations` deep; above that, HEAD_REUSE_MS (like the head number). */
  private ttlAt(n: number, latest: number): number {
    return latest >= 0 && latest - n >= this.confirmations ? ENTRY_TTL_MS : HEAD_REUSE_MS;
  }

  /** One read per key at a time; `keep()` is false once clear() ran after the read started. */
  private once<T>(key: string, read: (keep: () => boolean) => Promise<T>): Promise<T> {
    const inFlight = this.flights.get(key);
    if (inFlight) return inFlight as Promise<T>;
    const generation = this.generation;
    const p = read(() => generation === this.generation).finally(() => {
      if (this.flights.get(key) === p) this.flights.delete(key);
    });
    this.flights.set(key, p);
    return p;
  }
}

/** viem's TransactionNotFoundError (the node answered null); by name, so any copy of viem counts. */
function isTxNotFound(err: unknown): boolean {
  return err instanceof Error && err.name === "TransactionNotFoundError";
}

function headerOf(b: {
  number: bigint | null;
  hash: Hex | null;
  parentHash: Hex;
  timestamp: bigint;
  transactions: readonly unknown[];
}): BlockHeader {
  return {
    number: Number(b.number),
    hash: b.hash as Hex,
    parentHash: b.parentHash,
    timestamp: Number(b.timestamp),
    txCount: b.transactions.length,
  };
}

/** The process's cache for the configured chain (a handful of configurations at most, e.g. in tests). */
export function explorerChainCache(): ExplorerChainCache {
  const c = config();
  const caches = processState(
    "explorer.chain-cache",
    () => new LRUCache<string, ExplorerChainCache>({ max: 4 }),
  );
  const key = `${c.TESTNET_CHAIN_ID}:${c.TESTNET_RPC_URL}:${c.INDEXER_CONFIRMATIONS}`;
  let cache = caches.get(key);
  if (!cache) {
    cache = new ExplorerChainCache(c.INDEXER_CONFIRMATIONS);
    caches.set(key, cache);
  }
  return cache;
}
