import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as exportGET } from "@/app/api/admin/exports/[file]/route";
import { createTestSession, type TestSession } from "@/features/auth/testing";
import { config } from "@/server/config";
import type { TestApp } from "../../../test/app-env";
import { auditPage, participantsQuery, searchParticipants, staffReply } from "./server";
import { openAdminApp, withAuditRefused } from "./testing";

// Operator console: paging and export defects an operator hits.

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
let app: TestApp;
let adminCookie: string;
let adminSession: Awaited<ReturnType<typeof createTestSession>>["session"];
const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

beforeAll(async () => {
  let admin: TestSession;
  ({ app, admin } = await openAdminApp("admin-console-paging", "0x00000000000000000000000000000000000000c7"));
  adminCookie = admin.cookieHeader;
  adminSession = admin.session;
});
afterAll(() => app?.close());

describe("participants list paging", () => {
  it("does not show a participant twice when someone signs up between 'Show more' clicks", async () => {
    const db = app.handle.db;
    // 60 participants, one a minute, all older than now.
    for (let i = 0; i < 60; i++)
      await db.execute(sql`INSERT INTO users (address, referral_code, created_at)
        VALUES (${addr(0x7000 + i)}, ${`PG${i}`}, ${new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()})`);
    const first = await searchParticipants(db, {});
    expect(first.nextCursor).not.toBeNull();
    // A new participant signs in while the operator reads page 1.
    await db.execute(sql`INSERT INTO users (address, referral_code) VALUES (${addr(0x7fff)}, 'PGNEW')`);
    // The cursor as the route decodes it (a keyset cursor `<created_at>|<id>`, not an offset).
    const second = await searchParticipants(db, {
      cursor: participantsQuery.parse({ cursor: first.nextCursor ?? undefined }).cursor,
    });
    const seen = new Set(first.participants.map((p) => p.address));
    const dupes = second.participants.filter((p) => seen.has(p.address)).map((p) => p.address);
    expect(dupes).toEqual([]);
  });
});

describe("participants list paging, ties", () => {
  it("pages through participants who joined in the same instant, each once", async () => {
    const db = app.handle.db;
    const at = new Date(Date.UTC(2025, 5, 1, 12)).toISOString();
    const tied = Array.from({ length: 55 }, (_, i) => `0xabab${i.toString(16).padStart(36, "0")}`);
    for (const [i, a] of tied.entries())
      await db.execute(
        sql`INSERT INTO users (address, referral_code, created_at) VALUES (${a}, ${`TIE${i}`}, ${at})`,
      );
    const first = await searchParticipants(db, { search: "0xabab" });
    expect(first.participants).toHaveLength(50);
    const second = await searchParticipants(db, {
      search: "0xabab",
      cursor: participantsQuery.parse({ cursor: first.nextCursor ?? undefined }).cursor,
    });
    expect(second.nextCursor).toBeNull();
    const all = [...first.participants, ...second.participants].map((p) => p.address);
    expect(new Set(all).size).toBe(55);
    expect([...all].sort()).toEqual([...tied].sort());
  });
});

describe("audit log paging", () => {
  it("offers no older page when the log holds exactly one page (no dead 'Show older')", async () => {
    const db = app.handle.db;
    const [{ n } = { n: "0" }] = (
      (await db.execute(sql`SELECT count(*)::text AS n FROM audit_log`)) as unknown as {
        rows: { n: string }[];
      }
    ).rows;
    const missing = 50 - Number(n);
    expect(missing).toBeGreaterThan(0);
    for (let i = 0; i < missing; i++)
      await db.execute(
        sql`INSERT INTO audit_log (actor, action, target) VALUES (${addr(0xa1)}, 'test.review', ${`t${i}`})`,
      );
    const page = await auditPage(db);
    expect(page.entries).toHaveLength(50);
    if (page.nextCursor !== null) {
      const next = await auditPage(db, Number(page.nextCursor));
      expect({ nextCursor: page.nextCursor, olderEntries: next.entries.length }).toEqual({
        nextCursor: null,
        olderEntries: 0,
      });
    }
    expect(page.nextCursor).toBeNull();
  });
});

describe("CSV export file name", () => {
  it("names the file after the days the operator chose (a bare `to` day is included, not the day after)", async () => {
    const origin = config().origin;
    const res = await (exportGET as unknown as Handler)(
      new Request(`${origin}/api/admin/exports/participants.csv?from=2026-02-01&to=2026-02-28`, {
        headers: { origin, cookie: adminCookie },
      }),
      { params: Promise.resolve({ file: "participants.csv" }) },
    );
    await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="participants-2026-02-01-2026-02-28.csv"',
    );
  });
});

describe("support reply and its audit entry", () => {
  it("a reply whose audit entry fails leaves no message, and the retry is audited", async () => {
    const db = app.handle.db;
    const { user } = await createTestSession(addr(0x7e01) as `0x${string}`);
    const rows = (await db.execute(sql`
      INSERT INTO support_tickets (user_id, email, category, subject, idempotency_key)
      VALUES (${user.id}, 'p@example.com', 'other', 'help', 'ticket-key-1') RETURNING id`)) as unknown as {
      rows: { id: string }[];
    };
    const ticketId = rows.rows[0]?.id as string;
    let failed = false;
    await withAuditRefused(db, "support.reply", () =>
      staffReply(db, adminSession, ticketId, "We are on it", "reply-key-0001"),
    ).catch(() => {
      failed = true;
    });
    expect(failed).toBe(true);
    const count = async (q: ReturnType<typeof sql>) =>
      Number(((await db.execute(q)) as unknown as { rows: { n: string }[] }).rows[0]?.n);
    const messages = () =>
      count(sql`SELECT count(*)::text AS n FROM support_messages WHERE ticket_id = ${ticketId}`);
    const audits = () =>
      count(
        sql`SELECT count(*)::text AS n FROM audit_log WHERE action = 'support.reply' AND target = ${`ticket:${ticketId}`}`,
      );
    // The operator retries (same Idempotency-Key, as the console does after an error).
    await staffReply(db, adminSession, ticketId, "We are on it", "reply-key-0001");
    expect({ messages: await messages(), audits: await audits() }).toEqual({ messages: 1, audits: 1 });
  });
});
