// Over 300 lines: the indexer's step (fetch range, decode, store, advance the cursor) and its reorg
// handling must stay in one transaction-shaped unit; the pure parts are already in decode.ts, range.ts
// and reorg.ts.
import { and, desc, eq, gt, inArray, lt, lte } from "drizzle-orm";
import type { Address, Hex, PublicClient } from "viem";
import type { Db } from "@/db/client";
import { chainEvents, indexerBlocks, indexerCursors, users } from "@/db/schema";
import { emitEvent } from "@/server/webhook-outbox";
import { type BloomBits, bloomBits, bloomMayContain } from "./bloom";
import type { WatchList } from "./contracts";
import {
  type BlockTx,
  decodeLog,
  dispersePayoutRows,
  nativeTransferRow,
  type RawLog,
  type TxContext,
} from "./decode";
import { indexerMetrics } from "./metrics";
import { AdaptiveRange, backoffDelay, isRangeError } from "./range";
import { checkParent, findCommonAncestor, type Header, isLinked } from "./reorg";

type Log = {
  info: (o: object, m?: string) => void;
  warn: (o: object, m?: string) => void;
  error: (o: object, m?: string) => void;
};

export type IndexerOptions = {
  db: Db;
  /** A read client; a JSON-RPC batching transport makes the per-block fetches cheap. */
  client: PublicClient;
  chainId: number;
  watch: WatchList;
  /** Blocks to stay behind the head (0 on Anvil, which never reorgs on its own). */
  confirmations: number;
  /** The largest block range of one step. */
  maxRange?: number;
  /** Idle wait between polls when caught up. */
  pollIntervalMs?: number;
  /** How many recent block headers to keep for the reorg check. */
  keepBlocks?: number;
  log: Log;
  name?: string;
  /**
   * Contracts deployed after start-up that the indexer should follow from now on (airdrop
   * distributors, read before each step). Their events before they were added are not back-filled;
   * a distributor is recorded before it is funded, so no claim can precede it.
   */
  extraDistributors?: () => Promise<{ address: Address; token: Address }[]>;
};

/** Why a step indexed nothing and should run again soon (a metric label: keep the set fixed). */
export type RetryReason = "chain_changed" | "foreign_fork_logs" | "logs_not_served";

export type StepResult =
  | { status: "idle"; cursor: number; head: number }
  | { status: "indexed"; from: number; to: number; rows: number; head: number }
  | { status: "rewound"; ancestor: number; removed: number }
  | { status: "retry"; reason: RetryReason; block?: number };

type FetchedBlock = Header & { time: Date; logsBloom: string | null; transactions: BlockTx[] };

/** Consecutive retries after which the loop warns (the RPC keeps contradicting itself). */
export const RETRY_WARN_AFTER = 5;

/** Wait before the n-th consecutive retry (n from 0): 100 ms doubling, capped at 10 s, jittered. */
export function retryDelay(n: number, random?: () => number): number {
  return backoffDelay(n, { baseMs: 100, maxMs: 10_000, ...(random ? { random } : {}) });
}

const lc = (s: string) => s.toLowerCase();
type Row = Omit<typeof chainEvents.$inferInsert, "id">;

/**
 * Follows the chain from the deployment blocks: our contracts' logs plus native transfers of
 * participants, one adaptive block range per step, each step written in one transaction together
 * with its block headers and the cursor, so a crash never leaves half a range behind.
 */
export class ChainIndexer {
  readonly range: AdaptiveRange;
  private readonly name: string;
  private readonly keepBlocks: number;
  private readonly addresses: Address[];
  private readonly bloom: BloomBits[];

  constructor(private readonly o: IndexerOptions) {
    this.range = new AdaptiveRange(o.maxRange ?? 500);
    this.name = o.name ?? "chain";
    this.keepBlocks = o.keepBlocks ?? 2048;
    this.addresses = [...o.watch.roles.keys()] as Address[];
    this.bloom = this.addresses.map((a) => bloomBits(a));
  }

  /** Adds distributors to the watch list (idempotent). */
  watchDistributors(list: readonly { address: Address; token: Address }[]) {
    for (const d of list) {
      const key = lc(d.address);
      if (this.o.watch.roles.has(key)) continue;
      this.o.watch.roles.set(key, { kind: "distributor", token: d.token });
      this.addresses.push(d.address);
      this.bloom.push(bloomBits(d.address));
    }
  }

  /** The last fully indexed block (startBlock - 1 before the first step). */
  async cursor(): Promise<number> {
    const [row] = await this.o.db
      .select({ n: indexerCursors.blockNumber })
      .from(indexerCursors)
      .where(and(eq(indexerCursors.name, this.name), eq(indexerCursors.chainId, this.o.chainId)));
    return row ? row.n : this.o.watch.startBlock - 1;
  }

  /** One step: index the next range, or detect a reorg and rewind, or report that we are caught up. */
  async step(): Promise<StepResult> {
    if (this.o.extraDistributors) this.watchDistributors(await this.o.extraDistributors());
    const { client, confirmations } = this.o;
    const cursor = await this.cursor();
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
    const target = head - confirmations;
    indexerMetrics.lag().set(Math.max(0, head - cursor));
    if (target <= cursor) {
      // Caught up; the chain may still have replaced the blocks we stored (or shrunk below us).
      if (head < cursor) {
        // The chain is shorter than what we indexed (a revert, or a lagging node behind a balancer).
        const r = await this.rewind(cursor);
        if (r.status === "rewound") return r;
      } else {
        const stored = await this.storedHeader(cursor);
        if (stored && (await this.chainHash(cursor)) !== stored.hash) return this.rewind(cursor);
      }
      return { status: "idle", cursor, head };
    }
    const from = cursor + 1;
    const to = Math.min(target, from + this.range.size - 1);

    const [blocks, rangeLogs] = await Promise.all([this.fetchBlocks(from, to), this.fetchLogs(from, to)]);
    if (!isLinked(blocks)) return { status: "retry", reason: "chain_changed" };
    const first = blocks[0]!;
    if (!checkParent(first, await this.storedHeader(from - 1))) return this.rewind(cursor);
    const byNumber = new Map(blocks.map((b) => [b.number, b]));
    const foreign = (l: RawLog) => byNumber.get(Number(l.blockNumber))?.hash !== lc(l.blockHash ?? "");
    if (rangeLogs.some(foreign)) return { status: "retry", reason: "foreign_fork_logs" };
    const late = await this.logsOfSilentBlocks(blocks, rangeLogs);
    if (!Array.isArray(late)) return late;
    if (late.some(foreign)) return { status: "retry", reason: "foreign_fork_logs" };
    const logs = [...rangeLogs, ...late];

    const rows = await this.decode(blocks, logs);
    await this.o.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 500) {
        await tx
          .insert(chainEvents)
          .values(rows.slice(i, i + 500))
          .onConflictDoNothing();
      }
      for (let i = 0; i < blocks.length; i += 1000) {
        await tx
          .insert(indexerBlocks)
          .values(
            blocks
              .slice(i, i + 1000)
              .map((b) => ({ number: b.number, hash: b.hash, parentHash: b.parentHash, time: b.time })),
          )
          .onConflictDoNothing();
      }
      // Airdrop claims reach webhook receivers with the rows that record them (docs/integrations.md).
      // Keyed by the claim itself (distributor, Merkle index: claimable once), not by its log: a reorg
      // re-mines a claim at another log index, block or even transaction, and a rewind does not
      // delete emitted events, so a log key would announce the same claim twice.
      for (const r of rows) {
        if (r.kind !== "claim") continue;
        await emitEvent(tx as unknown as Db, "airdrop.claimed", `${r.contract}:${r.args.index}`, {
          account: r.toAddress,
          distributor: r.fromAddress,
          token: r.token,
          amount: r.amount,
          txHash: r.txHash,
        });
      }
      await tx.delete(indexerBlocks).where(lt(indexerBlocks.number, to - this.keepBlocks));
      await tx
        .insert(indexerCursors)
        .values({ name: this.name, chainId: this.o.chainId, blockNumber: to })
        .onConflictDoUpdate({
          target: [indexerCursors.name, indexerCursors.chainId],
          set: { blockNumber: to, updatedAt: new Date() },
        });
    });
    this.range.succeeded();
    indexerMetrics.cursor().set(to);
    indexerMetrics.lag().set(Math.max(0, head - to));
    indexerMetrics.range().set(this.range.size);
    return { status: "indexed", from, to, rows: rows.length, head };
  }

  /** Runs until `signal` aborts: steps back to back while behind, polls when caught up, backs off on outages. */
  async run(signal: AbortSignal): Promise<void> {
    const { log } = this.o;
    const poll = this.o.pollIntervalMs ?? 1000;
    let failures = 0;
    let retries = 0;
    while (!signal.aborted) {
      let wait = 0;
      try {
        const r = await this.step();
        if (failures > 0) log.info({ after: failures }, "indexer: RPC reachable again, resuming");
        failures = 0;
        if (r.status === "retry") {
          // A lagging or load-balanced RPC catches up in seconds; hammering it every 100 ms forever
          // only adds load, and an RPC that never agrees with itself must show up in the logs.
          wait = retryDelay(retries);
          retries += 1;
          indexerMetrics.retries().inc({ reason: r.reason });
          if (retries === RETRY_WARN_AFTER || retries % 50 === 0)
            log.warn(
              { attempt: retries, reason: r.reason, block: r.block, retryInMs: wait },
              "indexer: RPC answers keep disagreeing, retrying",
            );
        } else {
          if (retries >= RETRY_WARN_AFTER) log.info({ after: retries }, "indexer: RPC answers agree again");
          retries = 0;
          if (r.status === "idle") wait = poll;
          if (r.status === "rewound")
            log.warn({ ancestor: r.ancestor, removed: r.removed }, "indexer: reorg, rewound");
        }
      } catch (err) {
        indexerMetrics.rpcErrors().inc();
        if (isRangeError(err) && this.range.shrink()) {
          log.warn(
            { range: this.range.size, err: String(err).slice(0, 300) },
            "indexer: range refused, halving",
          );
          indexerMetrics.range().set(this.range.size);
        } else {
          wait = backoffDelay(failures);
          failures += 1;
          log.warn(
            { attempt: failures, retryInMs: wait, err: String(err).slice(0, 300) },
            "indexer: step failed, backing off",
          );
        }
      }
      if (wait > 0) await abortableSleep(wait, signal);
    }
  }

  private async rewind(cursor: number): Promise<StepResult> {
    const stored = await this.o.db
      .select({
        number: indexerBlocks.number,
        hash: indexerBlocks.hash,
        parentHash: indexerBlocks.parentHash,
      })
      .from(indexerBlocks)
      .where(lte(indexerBlocks.number, cursor))
      .orderBy(desc(indexerBlocks.number))
      .limit(this.keepBlocks);
    const ancestor = Math.max(
      await findCommonAncestor(stored, (n) => this.chainHash(n)),
      this.o.watch.startBlock - 1,
    );
    if (ancestor >= cursor) return { status: "idle", cursor, head: ancestor };
    let removed = 0;
    await this.o.db.transaction(async (tx) => {
      const gone = await tx
        .delete(chainEvents)
        .where(gt(chainEvents.blockNumber, ancestor))
        .returning({ id: chainEvents.id });
      removed = gone.length;
      await tx.delete(indexerBlocks).where(gt(indexerBlocks.number, ancestor));
      await tx
        .insert(indexerCursors)
        .values({ name: this.name, chainId: this.o.chainId, blockNumber: ancestor })
        .onConflictDoUpdate({
          target: [indexerCursors.name, indexerCursors.chainId],
          set: { blockNumber: ancestor, updatedAt: new Date() },
        });
    });
    indexerMetrics.reorgs().inc();
    return { status: "rewound", ancestor, removed };
  }

  private async storedHeader(n: number): Promise<Header | undefined> {
    if (n < 0) return undefined;
    const [row] = await this.o.db
      .select({
        number: indexerBlocks.number,
        hash: indexerBlocks.hash,
        parentHash: indexerBlocks.parentHash,
      })
      .from(indexerBlocks)
      .where(eq(indexerBlocks.number, n));
    return row;
  }

  private async chainHash(n: number): Promise<string | null> {
    try {
      const b = await this.o.client.getBlock({ blockNumber: BigInt(n) });
      return b.hash ? lc(b.hash) : null;
    } catch (err) {
      if (/not found|could not be found/i.test(String(err))) return null;
      throw err;
    }
  }

  private async fetchBlocks(from: number, to: number): Promise<FetchedBlock[]> {
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const out: FetchedBlock[] = [];
    // Bounded parallelism: the batching transport turns each chunk into a few HTTP requests.
    for (let i = 0; i < numbers.length; i += 100) {
      const chunk = await Promise.all(
        numbers
          .slice(i, i + 100)
          .map((n) => this.o.client.getBlock({ blockNumber: BigInt(n), includeTransactions: true })),
      );
      for (const b of chunk) {
        out.push({
          number: Number(b.number),
          hash: lc(b.hash ?? "0x"),
          parentHash: lc(b.parentHash),
          time: new Date(Number(b.timestamp) * 1000),
          logsBloom: b.logsBloom,
          transactions: b.transactions.map((t) => ({
            hash: t.hash,
            from: t.from,
            to: t.to,
            value: t.value,
            input: t.input,
            transactionIndex: t.transactionIndex,
          })),
        });
      }
    }
    return out;
  }

  private async fetchLogs(from: number, to: number): Promise<RawLog[]> {
    if (this.addresses.length === 0) return [];
    return (await this.o.client.getLogs({
      address: this.addresses,
      fromBlock: BigInt(from),
      toBlock: BigInt(to),
    })) as unknown as RawLog[];
  }

  /**
   * The logs of blocks for which the range query returned none although their bloom says they may
   * hold some of ours. Behind a load balancer, eth_getLogs can be answered by a node that has not
   * reached blocks another node just served, and it answers [] rather than an error: taken at its
   * word, the cursor would pass those blocks for good. Asked by block hash (EIP-234), a node that
   * lacks the block fails instead of answering [], so the answer is authoritative; the bloom keeps
   * this to the rare block that needs it (a false positive costs one extra request).
   */
  private async logsOfSilentBlocks(
    blocks: FetchedBlock[],
    rangeLogs: RawLog[],
  ): Promise<RawLog[] | Extract<StepResult, { status: "retry" }>> {
    if (this.addresses.length === 0) return [];
    const answered = new Set(rangeLogs.map((l) => Number(l.blockNumber)));
    const silent = blocks.filter((b) => !answered.has(b.number) && bloomMayContain(b.logsBloom, this.bloom));
    const out: RawLog[] = [];
    for (let i = 0; i < silent.length; i += 100) {
      const chunk = silent.slice(i, i + 100);
      const answers = await Promise.allSettled(
        chunk.map((b) => this.o.client.getLogs({ address: this.addresses, blockHash: b.hash as Hex })),
      );
      for (const [j, a] of answers.entries()) {
        if (a.status === "rejected")
          return { status: "retry", reason: "logs_not_served", block: chunk[j]!.number };
        out.push(...(a.value as unknown as RawLog[]));
      }
    }
    return out;
  }

  private async decode(blocks: FetchedBlock[], logs: RawLog[]): Promise<Row[]> {
    const txs = new Map<string, { tx: BlockTx; block: FetchedBlock }>();
    for (const b of blocks) for (const t of b.transactions) txs.set(lc(t.hash), { tx: t, block: b });

    const rows: Row[] = [];
    const logRowsByTx = new Map<string, Row[]>();
    for (const l of logs) {
      const found = txs.get(lc(l.transactionHash ?? ""));
      if (!found) continue;
      const ctx: TxContext = {
        from: found.tx.from,
        to: found.tx.to,
        index: found.tx.transactionIndex ?? 0,
        blockTime: found.block.time,
      };
      const row = decodeLog(l, ctx, this.o.watch);
      if (!row) continue;
      rows.push(row);
      const list = logRowsByTx.get(row.txHash) ?? [];
      list.push(row);
      logRowsByTx.set(row.txHash, list);
    }

    const disperse = lc(this.o.watch.disperse);
    const valueTxs: { tx: BlockTx; block: FetchedBlock }[] = [];
    for (const { tx, block } of txs.values()) {
      if (tx.value === 0n) continue;
      if (tx.to && lc(tx.to) === disperse) {
        rows.push(...dispersePayoutRows(tx, block, logRowsByTx.get(lc(tx.hash)) ?? []));
      }
      valueTxs.push({ tx, block });
    }
    if (valueTxs.length > 0) {
      const candidates = new Set<string>();
      for (const { tx } of valueTxs) {
        candidates.add(lc(tx.from));
        if (tx.to) candidates.add(lc(tx.to));
      }
      const known = new Set<string>();
      const list = [...candidates];
      for (let i = 0; i < list.length; i += 1000) {
        const found = await this.o.db
          .select({ address: users.address })
          .from(users)
          .where(inArray(users.address, list.slice(i, i + 1000)));
        for (const r of found) known.add(r.address);
      }
      const mine = valueTxs.filter(
        ({ tx }) => known.has(lc(tx.from)) || (tx.to !== null && known.has(lc(tx.to))),
      );
      // Only participants' value transfers need a receipt: a reverted one moved nothing.
      const receipts = await Promise.all(
        mine.map(({ tx }) => this.o.client.getTransactionReceipt({ hash: tx.hash as Hex })),
      );
      mine.forEach(({ tx, block }, i) => {
        rows.push(nativeTransferRow(tx, block, receipts[i]!.status === "success" ? "success" : "failed"));
      });
    }
    return rows;
  }
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(t);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}
