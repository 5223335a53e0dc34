// accountActivity backs the public explorer's address page and the wallet's history: one page must
// cost about one page of index entries, however old the address's activity or deep the cursor, and
// its per-column branches must return exactly what `from = me OR to = me OR tx_from = me` would.
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { type ChainEventRow, chainEvents } from "@/db/schema";
import { testDb } from "../../../../test/db";
import { deriveActivity } from "./activity";
import { watchListFromDeployment } from "./contracts";
import { encodeCursor } from "./cursor";
import { fakeDeployment } from "./fixtures";
import { accountActivity } from "./queries";

const watch = watchListFromDeployment(fakeDeployment(), { nativeSymbol: "AURUM", nativeName: "Aurum" });
const ctx = { watch, chainId: 99199, explorerUrl: "http://portal.test/explorer" };
const tUSD = fakeDeployment().contracts.tUSD.address.toLowerCase();

let h: DbHandle;
beforeAll(async () => {
  h = await testDb();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

type PlanNode = {
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
};
/** Rows the scans of `table` produced plus the rows they read and threw away, over all loops. */
const rowsReadFrom = (n: PlanNode, table: string): number =>
  (n["Relation Name"] === table
    ? (n["Actual Rows"] + (n["Rows Removed by Filter"] ?? 0)) * (n["Actual Loops"] ?? 1)
    : 0) + (n.Plans ?? []).reduce((s, c) => s + rowsReadFrom(c, table), 0);

/** Runs accountActivity and EXPLAIN ANALYZEs its first statement (the page's transactions). */
async function rowsReadForPage(address: string, cursor: string | null): Promise<number> {
  const seen: { pg: PGlite; query: string; params: unknown[] }[] = [];
  const original = PGlite.prototype.query;
  PGlite.prototype.query = function (this: PGlite, ...args: Parameters<PGlite["query"]>) {
    seen.push({ pg: this, query: args[0], params: (args[1] as unknown[]) ?? [] });
    return original.apply(this, args);
  } as PGlite["query"];
  try {
    const page = await accountActivity(h.db, address, { limit: 25, cursor, ctx });
    expect(page.data).toHaveLength(25);
  } finally {
    PGlite.prototype.query = original;
  }
  const first = seen.find((s) => /union all/i.test(s.query))!;
  const explained = await first.pg.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${first.query}`,
    first.params,
  );
  return rowsReadFrom(explained.rows[0]!["QUERY PLAN"][0].Plan, "chain_events");
}

describe("accountActivity: cost of one page", () => {
  const FAUCET = "0x00000000000000000000000000000000000fa0ce";
  const ROWS = 20_000;

  it("reads about one page of rows, however old the address's activity or deep the cursor", async () => {
    if (h.kind !== "pglite") return;
    // An address busy early in the campaign (2,000 payouts from its key in the first blocks), then
    // 18,000 payouts of others: the single OR query read 18,033 rows for this first page.
    await h.db.execute(sql`
      INSERT INTO chain_events (block_number, block_hash, block_time, tx_hash, tx_index, log_index, kind,
        contract, token, from_address, to_address, tx_from, tx_to, amount, args, status)
      SELECT g, '0xb' || g, now(), '0x' || lpad(to_hex(g), 64, '0'), 0, -2, 'disperse_payout',
        '0x0000000000000000000000000000000000000006', NULL,
        CASE WHEN g <= 2000 THEN ${FAUCET} ELSE '0x' || lpad(to_hex(5000000 + g), 40, '0') END,
        '0x' || lpad(to_hex(1000000 + g), 40, '0'),
        CASE WHEN g <= 2000 THEN ${FAUCET} ELSE '0x' || lpad(to_hex(5000000 + g), 40, '0') END,
        '0x0000000000000000000000000000000000000006',
        '1000000000000000000', '{}'::jsonb, 'success'
      FROM generate_series(1, ${ROWS}) g`);
    await h.db.execute(sql`ANALYZE chain_events`);
    // Three branches of 26 transactions (one row each here), plus the row that ends each group.
    expect(await rowsReadForPage(FAUCET, null)).toBeLessThanOrEqual(3 * 27);
    expect(await rowsReadForPage(FAUCET, encodeCursor({ block: 100, txIndex: 0 }))).toBeLessThanOrEqual(
      3 * 27,
    );
    await h.exec("DELETE FROM chain_events");
  });
});

describe("accountActivity: the same transactions as one OR query", () => {
  const A = "0x00000000000000000000000000000000000000aa";
  const B = "0x00000000000000000000000000000000000000bb";
  const C = "0x00000000000000000000000000000000000000cc";
  const X = "0x00000000000000000000000000000000000000ee";

  it("pages through every transaction naming the address in any column, newest first, once", async () => {
    // A fixed pseudo-random mix: several rows per transaction, the address as sender, recipient,
    // signer or several of them at once, rows without addresses, and two transactions per block.
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
    const values: (typeof chainEvents.$inferInsert)[] = [];
    for (let block = 1; block <= 40; block++) {
      for (let txIndex = 0; txIndex < 2; txIndex++) {
        const txHash = `0x${(block * 10 + txIndex).toString(16).padStart(64, "0")}`;
        const signer = pick([A, B, C, X, X]);
        const rows = 1 + Math.floor(rand() * 3);
        for (let logIndex = 0; logIndex < rows; logIndex++) {
          const sync = rand() < 0.2;
          values.push({
            blockNumber: block,
            blockHash: `0xb${block}`,
            blockTime: new Date(Date.UTC(2026, 0, 1, 0, block)),
            txHash,
            txIndex,
            logIndex,
            kind: sync ? "sync" : "transfer",
            contract: tUSD,
            token: tUSD,
            fromAddress: sync ? null : pick([A, B, C, X, X, X]),
            toAddress: sync ? null : pick([A, B, C, X, X, X]),
            txFrom: signer,
            txTo: tUSD,
            amount: sync ? null : "1000000",
            args: {},
          });
        }
      }
    }
    await h.db.insert(chainEvents).values(values);

    for (const me of [A, B, C, X]) {
      const oracle = rowsOf<{ tx_hash: string }>(
        await h.db.execute(sql`SELECT tx_hash FROM chain_events
          WHERE from_address = ${me} OR to_address = ${me} OR tx_from = ${me}
          GROUP BY block_number, tx_index, tx_hash ORDER BY block_number DESC, tx_index DESC`),
      ).map((r) => r.tx_hash);
      const all = await h.db.select().from(chainEvents);
      const byTx = new Map<string, ChainEventRow[]>();
      for (const r of all) byTx.set(r.txHash, [...(byTx.get(r.txHash) ?? []), r]);
      const expected = oracle.filter((t) => deriveActivity(byTx.get(t)!, me, ctx) !== null);
      expect(expected.length).toBeGreaterThan(5);

      for (const limit of [1, 3, 100]) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: Awaited<ReturnType<typeof accountActivity>> = await accountActivity(h.db, me, {
            ctx,
            limit,
            cursor,
          });
          seen.push(...page.data.map((a) => a.txHash));
          cursor = page.next;
        } while (cursor);
        expect(seen, `${me}, ${limit} a page`).toEqual(expected);
      }
    }
  });
});
