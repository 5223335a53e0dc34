import { is, SQL, StringChunk, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, DbHandle } from "@/db/client";
import { testDb } from "../../../test/db";
import { ticketsQuery } from "./schema";
import { inbox } from "./server/support";

// The support inbox's keyset order has an index (migrations/0032_support_tickets_updated_idx.sql):
// EXPLAIN of the very SQL inbox() sends, captured at db.execute, on enough rows that a sort of the
// whole table costs more than reading the index (no planner switches turned off).

const TICKETS = 3_000;

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
  // Activity 0.4 ms apart in groups of 7 equal instants: several tickets per millisecond (a cursor
  // that kept only milliseconds would skip some) and ties broken by id.
  await handle.db.execute(sql`
    INSERT INTO support_tickets (email, category, subject, status, idempotency_key, access_token_hash, created_at, updated_at)
    SELECT 'p' || g || '@example.org', CASE WHEN g % 3 = 0 THEN 'faucet' ELSE 'wallet' END, 'ticket ' || g,
           CASE WHEN g % 4 = 0 THEN 'closed' ELSE 'open' END, 'key-' || g, 'hash-' || g,
           timestamptz '2026-01-01 00:00Z',
           timestamptz '2026-01-01 00:00Z' + make_interval(secs => (g / 7) * 0.0004)
    FROM generate_series(1, ${TICKETS}) g`);
  await handle.db.execute(sql`ANALYZE support_tickets`);
}, 120_000);
afterAll(() => handle?.close());

/** The inbox page and the SQL of its ticket query (the one that reads support_tickets t). */
async function capture(filter: Record<string, string>) {
  const seen: SQL[] = [];
  const recording = new Proxy(handle.db, {
    get(target, key, receiver) {
      if (key !== "execute") return Reflect.get(target, key, receiver);
      return (q: SQL) => {
        seen.push(q);
        return target.execute(q);
      };
    },
  }) as Db;
  const page = await inbox(recording, ticketsQuery.parse(filter));
  const query = seen.find((q) => text(q).includes("FROM support_tickets t"));
  if (!query) throw new Error("inbox() sent no query on support_tickets");
  return { page, query };
}

/** The literal SQL text of a query (its parameters left out), nested fragments included. */
function text(q: SQL): string {
  return q.queryChunks
    .map((c) => (is(c, StringChunk) ? c.value.join("") : is(c, SQL) ? text(c) : ""))
    .join("");
}

async function plan(q: SQL): Promise<string> {
  const res = (await handle.db.execute(sql`EXPLAIN ${q}`)) as unknown as { rows: Record<string, string>[] };
  return res.rows.map((r) => Object.values(r)[0]).join("\n");
}

const filters: [string, Record<string, string>][] = [
  ["the first page", {}],
  ["an open, faucet-only page", { status: "open", category: "faucet" }],
];

describe("support inbox index", () => {
  it("exists with the inbox's order as its key", async () => {
    const res = (await handle.db.execute(
      sql`SELECT indexdef FROM pg_indexes WHERE indexname = 'support_tickets_activity_idx'`,
    )) as unknown as { rows: { indexdef: string }[] };
    expect(res.rows[0]?.indexdef).toMatch(/\(updated_at DESC, id DESC\)$/);
  });

  it.each(filters)("answers %s from the index, without sorting the table", async (_, filter) => {
    const first = await capture(filter);
    const cursor = first.page.nextCursor;
    expect(cursor).not.toBeNull();
    for (const { query } of [first, await capture({ ...filter, cursor: cursor as string })]) {
      expect(text(query)).toContain("ORDER BY t.updated_at DESC, t.id DESC");
      const explained = await plan(query);
      expect(explained).toMatch(/Index Scan using support_tickets_activity_idx on support_tickets t/);
      expect(explained).not.toMatch(/\bSort\b/);
    }
  });

  it("walks every ticket once, in order, across pages whose boundaries fall inside a millisecond", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { page } = await capture(cursor ? { status: "open", cursor } : { status: "open" });
      seen.push(...page.tickets.map((t) => t.id));
      cursor = page.nextCursor;
    } while (cursor);
    const res = (await handle.db.execute(
      sql`SELECT id FROM support_tickets WHERE status = 'open' ORDER BY updated_at DESC, id DESC`,
    )) as unknown as { rows: { id: string }[] };
    expect(seen).toEqual(res.rows.map((r) => r.id));
  });
});
