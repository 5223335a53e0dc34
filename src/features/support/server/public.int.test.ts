// Support without a wallet (issue 18): signed-out tickets through the real route handlers on the
// test database, the private link, replies by mail through an in-process SMTP server, and the
// verified-email account that finds the ticket after signing in.
import { createHash } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as publicReply } from "@/app/api/support/public-tickets/[token]/messages/route";
import { GET as publicGet } from "@/app/api/support/public-tickets/[token]/route";
import { POST as publicCreate } from "@/app/api/support/public-tickets/route";
import { POST as postMessage } from "@/app/api/support/tickets/[id]/messages/route";
import { GET as getTicketRoute } from "@/app/api/support/tickets/[id]/route";
import { GET as listRoute } from "@/app/api/support/tickets/route";
import type { DbHandle } from "@/db/client";
import { auditLog, profileEmails, rateLimits, supportMessages, supportTickets } from "@/db/schema";
import { inbox, staffReply } from "@/features/admin/server";
import { sessionFromCookieHeader } from "@/features/auth/server";
import { resetConfigForTests } from "@/server/config";
import { testDb } from "../../../../test/db";
import { awayFromWindowEdge } from "../../../../test/rate-window";
import { startTestSmtp, type TestSmtp } from "../../../../test/smtp";
import type { Ticket } from "../schema";
import { createPublicTicketAcrossProcesses } from "./public";
import { apiRequest, configureForTests, params, signedInUser, type TestUser } from "./testing";

const NO_PARAMS = { params: Promise.resolve({}) };
const STAFF = "0x00000000000000000000000000000000000b0b00" as const;
let handle: DbHandle;
let staff: TestUser;
let smtp: TestSmtp;

beforeAll(async () => {
  handle = await testDb();
  configureForTests({ adminAddresses: [STAFF] });
  staff = await signedInUser(handle.db, STAFF);
  smtp = await startTestSmtp();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.TRUST_PROXY_HOPS;
  resetConfigForTests();
  await smtp?.close();
  await handle?.close();
});
beforeEach(async () => {
  await handle.db.delete(rateLimits);
  delete process.env.SMTP_URL;
  delete process.env.TRUST_PROXY_HOPS;
  resetConfigForTests();
});

const body = (patch: Record<string, unknown> = {}) => ({
  email: "visitor@example.org",
  category: "wallet",
  subject: "Cannot connect my wallet",
  message: "The wallet list is empty on my phone and I cannot sign in at all.",
  ...patch,
});
const newKey = () => crypto.randomUUID();

function create(payload: unknown, key: string | null = newKey(), headers: Record<string, string> = {}) {
  const h = { ...headers };
  if (key !== null) h["idempotency-key"] = key;
  return publicCreate(
    apiRequest("/api/support/public-tickets", { method: "POST", body: payload, headers: h }),
    NO_PARAMS,
  );
}
const read = (token: string) =>
  publicGet(apiRequest(`/api/support/public-tickets/${token}`), params({ token }));
const reply = (token: string, text: string, key?: string) =>
  publicReply(
    apiRequest(`/api/support/public-tickets/${token}/messages`, {
      method: "POST",
      body: { body: text },
      headers: key ? { "idempotency-key": key } : {},
    }),
    params({ token }),
  );
const tokenOf = (link: string) => link.split("/").at(-1) as string;
/** The newest message of a ticket's thread, as stored. */
const lastMessage = async (ticketId: string) =>
  (
    await handle.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.ticketId, ticketId))
      .orderBy(supportMessages.createdAt)
  ).at(-1);
type Created = { ticket: Ticket; link: string };

async function countPublic(): Promise<number> {
  return (await handle.db.select().from(supportTickets).where(isNull(supportTickets.userId))).length;
}

describe("POST /api/support/public-tickets", () => {
  it("opens a ticket without a session and answers its private link; only the link's hash is stored", async () => {
    const res = await create(body());
    expect(res.status).toBe(201);
    const { ticket, link } = (await res.json()) as Created;
    expect(ticket).toMatchObject({ email: "visitor@example.org", category: "wallet", status: "open" });
    expect(ticket.messages).toHaveLength(1);
    expect(link).toMatch(/^\/connect\/ticket\/[A-Za-z0-9_-]{43}$/);
    const [row] = await handle.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row?.userId).toBeNull();
    expect(row?.accessTokenHash).toBe(createHash("sha256").update(tokenOf(link)).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(tokenOf(link));
  });

  it("refuses bad input with a clear 400 and writes nothing", async () => {
    const before = await countPublic();
    const cases: [unknown, string | null, string][] = [
      [body({ email: "" }), newKey(), "This field is required"],
      [body({ email: "not-an-email" }), newKey(), "Please enter a valid email"],
      [body({ email: undefined }), newKey(), "This field is required"],
      [body({ category: "lottery" }), newKey(), "category"],
      [body({ subject: "" }), newKey(), "subject"],
      [body({ message: "short" }), newKey(), "message"],
      [body({ message: "x".repeat(5001) }), newKey(), "message"],
      [body(), null, "Idempotency-Key header is required"],
      [body(), "short-key-1", "32 to 100"],
      ["{not json", newKey(), ""],
    ];
    for (const [payload, key, text] of cases) {
      const res = await create(payload, key);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(text);
    }
    expect(await countPublic()).toBe(before);
  });

  it("refuses a body over the limit with 413 and a foreign origin with 403", async () => {
    expect((await create(body({ message: "x".repeat(40_000) }))).status).toBe(413);
    const foreign = await create(body(), newKey(), { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
  });

  it("returns the first ticket and the same link for a retried key; another payload under it is a 409", async () => {
    const key = newKey();
    const first = (await (await create(body({ subject: "Retry me please" }), key)).json()) as Created;
    const again = await create(body({ subject: "Retry me please" }), key);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    const other = await create(body({ subject: "Something different" }), key);
    expect(other.status).toBe(409);
  });

  it("turns 5 parallel identical submissions into one ticket, in one process and across processes", async () => {
    const before = await countPublic();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => create(body({ subject: "Five at once" }), key)),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as Created).ticket.id)));
    expect(ids.size).toBe(1);

    const key2 = newKey();
    const input = { ...body({ subject: "Five processes" }), txHash: null } as const;
    const raced = await Promise.all(
      Array.from({ length: 5 }, () =>
        createPublicTicketAcrossProcesses(handle.db, { ...input, category: "wallet" }, key2),
      ),
    );
    expect(new Set(raced.map((r) => r.ticket.id)).size).toBe(1);
    expect(new Set(raced.map((r) => r.link)).size).toBe(1);
    expect(raced.filter((r) => r.created)).toHaveLength(1);
    expect(await countPublic()).toBe(before + 2);
  });

  it("limits each IP to 5 submissions an hour (429), other networks unaffected", async () => {
    await awayFromWindowEdge(3600); // 6 submissions in one clock-aligned hour
    process.env.TRUST_PROXY_HOPS = "1";
    resetConfigForTests();
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    for (let i = 0; i < 5; i++) {
      const res = await create(body({ subject: `Limited number ${i}` }), newKey(), from("198.51.100.7"));
      expect(res.status).toBe(201);
    }
    const limited = await create(body({ subject: "One too many" }), newKey(), from("198.51.100.7"));
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.code).toBeTruthy();
    expect((await create(body({ subject: "Other network" }), newKey(), from("203.0.113.9"))).status).toBe(
      201,
    );
  });
});

describe("the private link", () => {
  it("shows the thread and takes replies; unknown or malformed tokens are 404", async () => {
    const { link, ticket } = (await (await create(body({ subject: "Thread by link" }))).json()) as Created;
    const token = tokenOf(link);
    const res = await read(token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { ticket: Ticket }).ticket.id).toBe(ticket.id);

    const key = newKey();
    const first = await reply(token, "Here is more detail about my phone.", key);
    expect(first.status).toBe(201);
    const again = await reply(token, "Here is more detail about my phone.", key);
    expect(again.status).toBe(200);
    const { ticket: after } = (await again.json()) as { ticket: Ticket };
    expect(after.messages.map((m) => m.author)).toEqual(["user", "user"]);
    expect((await reply(token, "   ")).status).toBe(400);

    for (const bad of ["A".repeat(43), "short", "../../etc", token.slice(0, -1)]) {
      expect((await read(bad)).status).toBe(404);
      expect((await reply(bad, "hello there")).status).toBe(404);
    }
  });
});

describe("staff replies", () => {
  it("are listed in the console inbox with the email, and mailed with the private link when SMTP is set", async () => {
    process.env.SMTP_URL = smtp.url;
    resetConfigForTests();
    const { ticket, link } = (await (
      await create(body({ subject: "Mail me the answer" }))
    ).json()) as Created;
    const listed = (await inbox(handle.db, {})).tickets.find((t) => t.id === ticket.id);
    expect(listed).toMatchObject({ email: "visitor@example.org", address: null });

    const session = await sessionFromCookieHeader(staff.cookie, handle.db);
    if (!session) throw new Error("no staff session");
    const out = await staffReply(
      handle.db,
      session,
      ticket.id,
      "Open the wallet app first, then retry.",
      null,
    );
    expect(out.ticket.status).toBe("answered");
    const mail = smtp.mails.find((m) => m.includes("Mail me the answer"));
    expect(mail).toBeDefined();
    expect(mail).toContain("visitor@example.org");
    expect(mail).toContain("Open the wallet app first, then retry.");
    expect(mail?.replace(/=\r?\n/g, "")).toContain(link);

    const page = (await (await read(tokenOf(link))).json()) as { ticket: Ticket };
    expect(page.ticket.messages.map((m) => m.author)).toEqual(["user", "staff"]);
  });

  it("are mailed only once the reply and its audit entry are committed: a failed attempt mails nothing, its retry mails once", async () => {
    process.env.SMTP_URL = smtp.url;
    resetConfigForTests();
    const { ticket } = (await (await create(body({ subject: "Mail me once" }))).json()) as Created;
    const session = await sessionFromCookieHeader(staff.cookie, handle.db);
    if (!session) throw new Error("no staff session");
    const mailed = () => smtp.mails.filter((m) => m.includes("Mail me once")).length;
    // The audit entry fails (a trigger refuses it), so the reply is rolled back.
    await handle.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION test_refuse_reply_audit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'audit entry refused (test)'; END $$`),
    );
    await handle.db.execute(
      sql.raw(`CREATE TRIGGER test_refuse_reply_audit BEFORE INSERT ON audit_log FOR EACH ROW
        WHEN (NEW.action = 'support.reply') EXECUTE FUNCTION test_refuse_reply_audit()`),
    );
    try {
      await expect(
        staffReply(handle.db, session, ticket.id, "Try the other browser.", "mail-once-key-1"),
      ).rejects.toThrow(); // "Failed query: insert into audit_log", caused by the trigger
    } finally {
      await handle.db.execute(sql`DROP TRIGGER test_refuse_reply_audit ON audit_log`);
    }
    expect(mailed()).toBe(0);
    expect((await lastMessage(ticket.id))?.author).toBe("user");

    // The console retries with the same Idempotency-Key, then replays it once more.
    expect(
      (await staffReply(handle.db, session, ticket.id, "Try the other browser.", "mail-once-key-1")).created,
    ).toBe(true);
    expect(
      (await staffReply(handle.db, session, ticket.id, "Try the other browser.", "mail-once-key-1")).created,
    ).toBe(false);
    expect(mailed()).toBe(1);
    const staffMessages = (
      await handle.db.select().from(supportMessages).where(eq(supportMessages.ticketId, ticket.id))
    ).filter((m) => m.author === "staff");
    expect(staffMessages).toHaveLength(1);
    const audits = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "support.reply"), eq(auditLog.target, `ticket:${ticket.id}`)));
    expect(audits.map((a) => a.after)).toEqual([{ messageId: staffMessages[0]?.id }]);
  });

  it("from the ticket's own page (the participant route) are audited as from the console", async () => {
    const { ticket } = (await (
      await create(body({ subject: "Staff on the ticket page" }))
    ).json()) as Created;
    const res = await postMessage(
      apiRequest(`/api/support/tickets/${ticket.id}/messages`, {
        method: "POST",
        user: staff,
        body: { body: "Answered from the ticket page." },
      }),
      params({ id: ticket.id }),
    );
    expect(res.status).toBe(201);
    const { message } = (await res.json()) as { message: { id: string; author: string } };
    expect(message.author).toBe("staff");
    const audits = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "support.reply"), eq(auditLog.target, `ticket:${ticket.id}`)));
    expect(audits.map((a) => [a.actor, a.after])).toEqual([[STAFF.toLowerCase(), { messageId: message.id }]]);
  });

  it("still land on the private link without SMTP (nothing mailed)", async () => {
    const sent = smtp.mails.length;
    const { ticket, link } = (await (
      await create(body({ subject: "No mail server here" }))
    ).json()) as Created;
    const session = await sessionFromCookieHeader(staff.cookie, handle.db);
    if (!session) throw new Error("no staff session");
    await staffReply(handle.db, session, ticket.id, "Answer without mail.", null);
    expect(smtp.mails.length).toBe(sent);
    const page = (await (await read(tokenOf(link))).json()) as { ticket: Ticket };
    expect(page.ticket.messages.at(-1)?.body).toBe("Answer without mail.");
  });
});

describe("after sign-in", () => {
  it("an account whose verified profile email equals the ticket's sees it and can reply; unverified or others cannot", async () => {
    const email = "Owner@Example.org";
    const { ticket } = (await (
      await create(body({ email, subject: "Find me after sign-in" }))
    ).json()) as Created;
    const owner = await signedInUser(handle.db);
    const stranger = await signedInUser(handle.db);
    const list = async (u: TestUser) =>
      (
        (await (await listRoute(apiRequest("/api/support/tickets", { user: u }), NO_PARAMS)).json()) as {
          tickets: Ticket[];
        }
      ).tickets.map((t) => t.id);

    // Unverified: the address is not proven to be theirs.
    await handle.db
      .insert(profileEmails)
      .values({ address: owner.address.toLowerCase(), email: "owner@example.org" });
    expect(await list(owner)).not.toContain(ticket.id);
    const get = (u: TestUser) =>
      getTicketRoute(apiRequest(`/api/support/tickets/${ticket.id}`, { user: u }), params({ id: ticket.id }));
    expect((await get(owner)).status).toBe(404);

    await handle.db
      .update(profileEmails)
      .set({ verifiedAt: new Date() })
      .where(eq(profileEmails.address, owner.address.toLowerCase()));
    expect(await list(owner)).toContain(ticket.id);
    expect((await get(owner)).status).toBe(200);
    expect(await list(stranger)).not.toContain(ticket.id);
    expect((await get(stranger)).status).toBe(404);

    const res = await postMessage(
      apiRequest(`/api/support/tickets/${ticket.id}/messages`, {
        method: "POST",
        user: owner,
        body: { body: "Signed in now, still stuck." },
      }),
      params({ id: ticket.id }),
    );
    expect(res.status).toBe(201);
    const last = await lastMessage(ticket.id);
    expect(last).toMatchObject({ author: "user", authorAddress: owner.address.toLowerCase() });
  });

  it("the owner's first reply claims the ticket: its private link (whoever typed the email holds it) stops working", async () => {
    const victim = await signedInUser(handle.db);
    await handle.db
      .insert(profileEmails)
      .values({ address: victim.address.toLowerCase(), email: "victim@example.org", verifiedAt: new Date() });
    // A stranger, signed out, types the victim's email and keeps the private link.
    const { ticket, link } = (await (
      await create(body({ email: "victim@example.org", subject: "Your account needs checking" }))
    ).json()) as Created;
    expect((await read(tokenOf(link))).status).toBe(200);

    const reply = await postMessage(
      apiRequest(`/api/support/tickets/${ticket.id}/messages`, {
        method: "POST",
        user: victim,
        body: { body: "I did not open this; my wallet is fine." },
      }),
      params({ id: ticket.id }),
    );
    expect(reply.status).toBe(201);
    expect((await read(tokenOf(link))).status).toBe(404);
    const [row] = await handle.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row).toMatchObject({ userId: victim.userId, accessTokenHash: null });
    // Still the victim's, now by its user rather than by the email.
    const listed = (
      (await (await listRoute(apiRequest("/api/support/tickets", { user: victim }), NO_PARAMS)).json()) as {
        tickets: Ticket[];
      }
    ).tickets.map((t) => t.id);
    expect(listed).toContain(ticket.id);
  });

  it("a reply from the console is a staff reply even when the ticket's email is the staff member's own", async () => {
    await handle.db
      .insert(profileEmails)
      .values({ address: STAFF.toLowerCase(), email: "ops@example.org", verifiedAt: new Date() })
      .onConflictDoNothing();
    const { ticket } = (await (
      await create(body({ email: "ops@example.org", subject: "Anything for staff" }))
    ).json()) as Created;
    const session = await sessionFromCookieHeader(staff.cookie, handle.db);
    if (!session) throw new Error("no staff session");
    await staffReply(handle.db, session, ticket.id, "Staff answer: we looked into it.", null);
    const [row] = await handle.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    const last = await lastMessage(ticket.id);
    expect(last?.author).toBe("staff");
    expect(row?.status).toBe("answered");
  });
});
