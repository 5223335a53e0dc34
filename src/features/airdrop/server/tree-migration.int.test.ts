import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { migrate } from "@/db/migrate";
import { airdropTreeChunks } from "@/db/schema";
import { rowsOf } from "@/features/points/server";
import { testDb } from "../../../../test/db";
import { treeJson } from "./tree-serve";

/**
 * Migration 0024 moves every stored dump (one text value per round, 0022) into 1 MiB chunks and
 * drops the old table; tree.json then streams exactly the old text. The database is put back in its
 * state before 0024 (the old table as 0011 + 0022 left it), then migrated again.
 */
let h: DbHandle;
const MIB = 1 << 20;

beforeAll(async () => {
  h = await testDb({ global: false });
  await h.exec(`
    DROP TABLE airdrop_tree_chunks;
    DELETE FROM _migrations WHERE name = '0024_airdrop_tree_chunks.sql';
    CREATE TABLE airdrop_trees (
      round_id uuid PRIMARY KEY CONSTRAINT airdrop_trees_round_id_airdrop_rounds_id_fk REFERENCES airdrop_rounds(id) ON DELETE CASCADE,
      dump text NOT NULL
    );`);
});
afterAll(() => h?.close());

async function round(dump: string): Promise<string> {
  const id = rowsOf<{ id: string }>(
    await h.db.execute(sql`
      INSERT INTO airdrop_rounds (name, token_mode, total_amount, snapshot_at, min_points, tier_multipliers, opens_at, deadline, status, created_by)
      VALUES ('old', 'deploy', 1, now(), 1, '{}', now(), now() + interval '1 day', 'published', 'test') RETURNING id`),
  )[0]?.id as string;
  await h.db.execute(sql`INSERT INTO airdrop_trees (round_id, dump) VALUES (${id}, ${dump})`);
  return id;
}

describe("migration 0024 (tree dumps in chunks)", () => {
  it("cuts each stored dump into ordered 1 MiB chunks that join and stream to the same text", async () => {
    // 2.5 MiB of JSON-like ASCII text, different at every position so a misplaced cut shows.
    const big = JSON.stringify({
      tree: Array.from({ length: 40_000 }, (_, i) => `0x${i.toString(16).padStart(64, "a")}`),
    });
    expect(big.length).toBeGreaterThan(2 * MIB);
    const small = '{"format":"standard-v1","tree":["0x01"],"values":[]}';
    const [bigId, smallId] = [await round(big), await round(small)];
    expect(await migrate(h)).toEqual(["0024_airdrop_tree_chunks.sql"]);
    expect(
      rowsOf<{ t: string | null }>(
        await h.db.execute(sql`SELECT to_regclass('public.airdrop_trees')::text AS t`),
      )[0]?.t,
    ).toBeNull();

    const chunks = await h.db
      .select()
      .from(airdropTreeChunks)
      .where(eq(airdropTreeChunks.roundId, bigId))
      .orderBy(asc(airdropTreeChunks.seq));
    expect(chunks.map((c) => c.seq)).toEqual([0, 1, 2]);
    expect(chunks.map((c) => c.body.length)).toEqual([MIB, MIB, big.length - 2 * MIB]);
    expect(chunks.map((c) => c.body).join("")).toBe(big);

    for (const [id, text] of [
      [bigId, big],
      [smallId, small],
    ] as const) {
      const served = await treeJson(h.db, id);
      expect(served.bytes).toBe(text.length);
      expect(await new Response(served.body).text()).toBe(text);
    }
  });
});
