import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { testDb } from "../../../test/db";
import { ticketsQuery } from "./schema";
import { INBOX_PAGE, inbox } from "./server/support";

// The console's support inbox pages by keyset (`cursor`, newest activity first): every ticket is
// reachable, however many there are, and none shows twice while tickets get activity in between.

let handle: DbHandle;
const TOTAL = INBOX_PAGE * 2 + 20;
beforeAll(async () => {
  handle = await testDb();
  // TOTAL open tickets, one activity a minute, the last ten sharing one instant (ties go by id).
  await handle.db.execute(sql`
    INSERT INTO support_tickets (email, category, subject, status, idempotency_key, access_token_hash, created_at, updated_at)
    SELECT 'p' || g || '@example.org', 'wallet', 'ticket ' || g, 'open', 'key-' || g, 'hash-' || g,
           timestamptz '2026-01-01 00:00Z',
           timestamptz '2026-01-01 00:00Z' + make_interval(mins => CASE WHEN g <= 10 THEN 0 ELSE g END)
    FROM generate_series(1, ${TOTAL}) g`);
  await handle.db.execute(sql`
    INSERT INTO support_tickets (email, category, subject, status, idempotency_key, access_token_hash)
    VALUES ('x@example.org', 'wallet', 'closed one', 'closed', 'key-closed', 'hash-closed')`);
});
afterAll(() => handle?.close());
const page = (cursor: string | null, filter: Record<string, string> = {}) =>
  inbox(handle.db, ticketsQuery.parse({ ...filter, ...(cursor ? { cursor } : {}) }));

describe("support inbox paging", () => {
  it("reaches every open ticket past the first page, newest activity first, each once while activity moves tickets", async () => {
    const first = await page(null, { status: "open" });
    expect(first.tickets).toHaveLength(INBOX_PAGE);
    expect(first.tickets[0]?.subject).toBe(`ticket ${TOTAL}`);
    expect(first.nextCursor).not.toBeNull();
    const updated = first.tickets.map((t) => t.updatedAt);
    expect(updated).toEqual([...updated].sort().reverse());

    // Between two clicks on "Show more": a ticket already shown and one not yet reached get activity.
    const shown = first.tickets[10]?.id as string;
    await handle.db.execute(sql`UPDATE support_tickets SET updated_at = now() WHERE id = ${shown}`);
    await handle.db.execute(sql`UPDATE support_tickets SET updated_at = now() WHERE subject = 'ticket 5'`);
    const second = await page(first.nextCursor, { status: "open" });
    const third = await page(second.nextCursor, { status: "open" });
    expect(third.nextCursor).toBeNull();

    const all = [...first.tickets, ...second.tickets, ...third.tickets].map((t) => t.subject);
    expect(new Set(all).size).toBe(all.length);
    // Every open ticket but the one that jumped to the top before it was reached: that one heads a reload.
    expect(all).toHaveLength(TOTAL - 1);
    expect(all).not.toContain("closed one");
    expect(all).not.toContain("ticket 5");
    const reload = await page(null, { status: "open" });
    expect(
      reload.tickets
        .slice(0, 2)
        .map((t) => t.subject)
        .sort(),
    ).toEqual(["ticket 5", first.tickets[10]?.subject].sort());
  });

  it("pages with no further cursor when everything fits on one page, and refuses a made-up cursor", async () => {
    const only = await page(null, { status: "closed" });
    expect(only.tickets.map((t) => t.subject)).toEqual(["closed one"]);
    expect(only.nextCursor).toBeNull();
    expect(ticketsQuery.safeParse({ cursor: "2026-13-45T00:00:00.000Z|nope" }).success).toBe(false);
  });
});
