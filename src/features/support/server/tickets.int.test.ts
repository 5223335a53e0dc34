// Over 300 lines: one suite shares one database and its signed-in users across every ticket rule
// (create, reply, idempotency, staff answers, limits); splitting it would repeat that set-up.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as postMessage } from "@/app/api/support/tickets/[id]/messages/route";
import { GET as getTicketRoute } from "@/app/api/support/tickets/[id]/route";
import { POST as createRoute, GET as listRoute } from "@/app/api/support/tickets/route";
import type { DbHandle } from "@/db/client";
import { rateLimits, supportMessages, supportTickets } from "@/db/schema";
import type { ApiError } from "@/server/errors";
import { testDb } from "../../../../test/db";
import { awayFromWindowEdge } from "../../../../test/rate-window";
import { type Ticket, ticketCreateSchema } from "../schema";
import { apiRequest, configureForTests, params, signedInUser, type TestUser } from "./testing";
import { createTicketAcrossProcesses } from "./tickets";

/** Route handlers without path parameters still take Next's context. */
const NO_PARAMS = { params: Promise.resolve({}) };

let handle: DbHandle;
let alice: TestUser;
let bob: TestUser;
let staff: TestUser;
const STAFF = "0x00000000000000000000000000000000000a11ce" as const;

beforeAll(async () => {
  handle = await testDb();
  configureForTests({ adminAddresses: [STAFF] });
  alice = await signedInUser(handle.db);
  bob = await signedInUser(handle.db);
  staff = await signedInUser(handle.db, STAFF);
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  // Each test starts under the rate limit.
  await handle.db.delete(rateLimits);
});

const ticketBody = (patch: Record<string, unknown> = {}) => ({
  email: "alice@example.org",
  category: "faucet",
  subject: "Faucet claim is stuck",
  message: "My faucet claim has been pending for an hour, what should I do?",
  txHash: "",
  ...patch,
});

function create(
  user: TestUser | null,
  body: unknown,
  key: string | null = crypto.randomUUID(),
  extra: Record<string, string> = {},
) {
  const headers: Record<string, string> = { ...extra };
  if (key !== null) headers["idempotency-key"] = key;
  return createRoute(apiRequest("/api/support/tickets", { method: "POST", user, body, headers }), NO_PARAMS);
}

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function ticketCount(): Promise<number> {
  const [row] = await handle.db.select({ n: count() }).from(supportTickets);
  return row?.n ?? 0;
}

describe("POST /api/support/tickets", () => {
  it("creates a ticket with its first message (201, status open)", async () => {
    const res = await create(alice, ticketBody({ txHash: `0x${"Ab".repeat(32)}` }));
    expect(res.status).toBe(201);
    const { ticket } = await json<{ ticket: Ticket }>(res);
    expect(ticket).toMatchObject({
      status: "open",
      category: "faucet",
      subject: "Faucet claim is stuck",
      txHash: `0x${"ab".repeat(32)}`,
    });
    expect(ticket.messages).toHaveLength(1);
    expect(ticket.messages[0]).toMatchObject({ author: "user", body: ticketBody().message });
  });

  it("returns the same ticket with 200 for the same Idempotency-Key", async () => {
    const key = crypto.randomUUID();
    const first = await create(alice, ticketBody(), key);
    const second = await create(alice, ticketBody(), key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    const a = await json<{ ticket: Ticket }>(first);
    const b = await json<{ ticket: Ticket }>(second);
    expect(b.ticket.id).toBe(a.ticket.id);
    expect(b.ticket.messages).toHaveLength(1);
  });

  it("turns 20 concurrent identical requests into one ticket", async () => {
    const before = await ticketCount();
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(alice, ticketBody(), key)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(18).fill(200), 201].sort());
    const ids = new Set(
      await Promise.all(answers.map(async (r) => (await json<{ ticket: Ticket }>(r)).ticket.id)),
    );
    expect(ids.size).toBe(1);
    expect(await ticketCount()).toBe(before + 1);
    const [id] = ids;
    const msgs = await handle.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.ticketId, id as string));
    expect(msgs).toHaveLength(1);
  });

  it("keeps one ticket per key through the database constraint alone (requests on different processes)", async () => {
    const dave = await signedInUser(handle.db);
    const actor = { userId: dave.userId, address: dave.address, isAdmin: false };
    const input = ticketCreateSchema.parse(ticketBody());
    const key = crypto.randomUUID();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => createTicketAcrossProcesses(handle.db, actor, input, key)),
    );
    const tickets = await handle.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.userId, dave.userId));
    expect(tickets).toHaveLength(1);
    const ok = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
    expect(ok.filter((o) => o.created)).toHaveLength(1);
    expect(new Set(ok.map((o) => o.ticket.id))).toEqual(new Set([tickets[0]?.id]));
    // Losers that raced past the lookup may be rate limited (each counted as an attempt), never a 500.
    for (const o of outcomes) if (o.status === "rejected") expect((o.reason as ApiError).status).toBe(429);
  });

  it("refuses a reused key with a different payload (409)", async () => {
    const key = crypto.randomUUID();
    expect((await create(alice, ticketBody(), key)).status).toBe(201);
    const res = await create(alice, ticketBody({ subject: "Another problem" }), key);
    expect(res.status).toBe(409);
    expect((await json<{ error: { code: string } }>(res)).error.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("lets two users use the same key independently", async () => {
    const key = crypto.randomUUID();
    expect((await create(alice, ticketBody(), key)).status).toBe(201);
    expect((await create(bob, ticketBody(), key)).status).toBe(201);
  });

  it.each([
    ["subject", "x".repeat(121), "subject: You must enter a maximum of 120 characters"],
    ["message", "y".repeat(5001), "message: You must enter a maximum of 5000 characters"],
    ["email", `${"a".repeat(250)}@example.org`, "email: You must enter a maximum of 254 characters"],
  ])("refuses an oversize %s with the maximum message and writes nothing", async (field, value, message) => {
    const before = await ticketCount();
    const res = await create(alice, ticketBody({ [field]: value }));
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ error: { code: "INVALID_INPUT", message } });
    expect(await ticketCount()).toBe(before);
  });

  it.each([
    [{ email: "nope" }, "email: Please enter a valid email"],
    [{ email: "" }, "email: This field is required"],
    [{ subject: "abc" }, "subject: You must enter a minimum of 4 characters"],
    [{ txHash: "0x1234" }, "txHash: Invalid format"],
    [{ category: "billing" }, "category: Invalid format"],
  ])("refuses %o with the seed's message", async (patch, message) => {
    const res = await create(alice, ticketBody(patch));
    expect(res.status).toBe(400);
    expect((await json<{ error: { message: string } }>(res)).error.message).toBe(message);
  });

  it("refuses a body over 64 KiB with 413 and malformed JSON with 400", async () => {
    const big = await create(alice, ticketBody({ message: "z".repeat(70_000) }));
    expect(big.status).toBe(413);
    const bad = await create(alice, "{not json");
    expect(bad.status).toBe(400);
    expect((await json<{ error: { code: string } }>(bad)).error.code).toBe("INVALID_JSON");
  });

  it("refuses a NUL character or a lone surrogate in any field with 400, writing nothing (issue 10)", async () => {
    const before = await ticketCount();
    for (const patch of [
      { subject: "Faucet\u0000 claim is stuck" },
      { message: `${"a".repeat(30)}\u0000` },
      { email: "alice\u0000@example.org" },
      { message: `My claim is stuck \ud800 for an hour now, please help` },
      { subject: "Faucet claim \udfff stuck" },
    ]) {
      const res = await create(alice, ticketBody(patch));
      expect(res.status).toBe(400);
      expect((await json<{ error: { code: string } }>(res)).error.code).toBe("INVALID_TEXT");
    }
    expect(await ticketCount()).toBe(before);
  });

  it("requires an Idempotency-Key header", async () => {
    const res = await create(alice, ticketBody(), null);
    expect(res.status).toBe(400);
    expect((await json<{ error: { code: string } }>(res)).error.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    const bad = await create(alice, ticketBody(), "bad key!");
    expect(bad.status).toBe(400);
  });

  it("answers 401 without a session and 403 for a foreign Origin, writing nothing", async () => {
    const before = await ticketCount();
    const anon = await create(null, ticketBody());
    expect(anon.status).toBe(401);
    const foreign = await create(alice, ticketBody(), crypto.randomUUID(), {
      origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
    expect((await json<{ error: { code: string } }>(foreign)).error.code).toBe("FOREIGN_ORIGIN");
    const forged = await create(null, ticketBody(), crypto.randomUUID(), {
      cookie: "aurum_session=forged.value",
    });
    expect(forged.status).toBe(401);
    expect(await ticketCount()).toBe(before);
  });

  it("rate limits new tickets at 5 per hour per user with a clear 429; replays still work", async () => {
    await awayFromWindowEdge(3600); // 6 tickets in one clock-aligned hour
    const carol = await signedInUser(handle.db);
    const keys = Array.from({ length: 6 }, () => crypto.randomUUID());
    for (const key of keys.slice(0, 5)) expect((await create(carol, ticketBody(), key)).status).toBe(201);
    const limited = await create(carol, ticketBody(), keys[5]);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await json<{ error: { message: string } }>(limited)).error.message).toMatch(
      /^Please try again after \d+ seconds$/,
    );
    // A retry of an already created ticket is not a new ticket, so it is not limited.
    expect((await create(carol, ticketBody(), keys[0])).status).toBe(200);
  });
});

describe("reading tickets", () => {
  let aliceTicket: Ticket;
  beforeAll(async () => {
    aliceTicket = (await json<{ ticket: Ticket }>(await create(alice, ticketBody({ subject: "Only mine" }))))
      .ticket;
  });

  it("lists only the user's own tickets, newest first", async () => {
    const res = await listRoute(apiRequest("/api/support/tickets", { user: alice }), NO_PARAMS);
    const { tickets } = await json<{ tickets: Ticket[] }>(res);
    expect(tickets[0]?.id).toBe(aliceTicket.id);
    const bobs = await json<{ tickets: Ticket[] }>(
      await listRoute(apiRequest("/api/support/tickets", { user: bob }), NO_PARAMS),
    );
    expect(bobs.tickets.some((t) => t.id === aliceTicket.id)).toBe(false);
  });

  it("shows the owner their ticket and answers 404 to another user or a junk id", async () => {
    const own = await getTicketRoute(
      apiRequest(`/api/support/tickets/${aliceTicket.id}`, { user: alice }),
      params({ id: aliceTicket.id }),
    );
    expect(own.status).toBe(200);
    const foreign = await getTicketRoute(
      apiRequest(`/api/support/tickets/${aliceTicket.id}`, { user: bob }),
      params({ id: aliceTicket.id }),
    );
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toEqual({
      error: { code: "TICKET_NOT_FOUND", message: "Ticket not found." },
    });
    const junk = await getTicketRoute(
      apiRequest("/api/support/tickets/x", { user: alice }),
      params({ id: "x' OR 1=1" }),
    );
    expect(junk.status).toBe(404);
    const anon = await getTicketRoute(
      apiRequest(`/api/support/tickets/${aliceTicket.id}`),
      params({ id: aliceTicket.id }),
    );
    expect(anon.status).toBe(401);
  });

  it("lets staff open any ticket", async () => {
    const res = await getTicketRoute(
      apiRequest(`/api/support/tickets/${aliceTicket.id}`, { user: staff }),
      params({ id: aliceTicket.id }),
    );
    expect(res.status).toBe(200);
  });
});

describe("POST /api/support/tickets/{id}/messages", () => {
  let ticket: Ticket;
  beforeAll(async () => {
    ticket = (await json<{ ticket: Ticket }>(await create(alice, ticketBody({ subject: "Needs a reply" }))))
      .ticket;
  });

  const reply = (
    user: TestUser | null,
    body: unknown,
    headers: Record<string, string> = {},
    id = ticket.id,
  ) =>
    postMessage(
      apiRequest(`/api/support/tickets/${id}/messages`, { method: "POST", user, body, headers }),
      params({ id }),
    );

  it("a staff reply marks the ticket answered; the owner's reply reopens it", async () => {
    const answered = await reply(staff, { body: "Please check the nonce in your wallet." });
    expect(answered.status).toBe(201);
    const a = await json<{ ticket: Ticket }>(answered);
    expect(a.ticket.status).toBe("answered");
    expect(a.ticket.messages.map((m) => m.author)).toEqual(["user", "staff"]);

    const reopened = await reply(alice, { body: "That did not help." });
    expect(reopened.status).toBe(201);
    const b = await json<{ ticket: Ticket }>(reopened);
    expect(b.ticket.status).toBe("open");
    expect(b.ticket.messages.map((m) => m.author)).toEqual(["user", "staff", "user"]);
  });

  it("does not reveal the staff address to the user", async () => {
    const res = await getTicketRoute(
      apiRequest(`/api/support/tickets/${ticket.id}`, { user: alice }),
      params({ id: ticket.id }),
    );
    expect(JSON.stringify(await res.json())).not.toContain(STAFF.slice(2));
  });

  it("answers 404 to anyone else and writes nothing", async () => {
    const res = await reply(bob, { body: "I am not the owner" });
    expect(res.status).toBe(404);
    const msgs = await handle.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.ticketId, ticket.id));
    expect(msgs.some((m) => m.body === "I am not the owner")).toBe(false);
  });

  it("refuses 401 without session, 403 foreign origin, 400 for an empty or oversize body", async () => {
    expect((await reply(null, { body: "hi" })).status).toBe(401);
    expect((await reply(alice, { body: "hi" }, { origin: "https://evil.example" })).status).toBe(403);
    const empty = await reply(alice, { body: "   " });
    expect(empty.status).toBe(400);
    expect((await json<{ error: { message: string } }>(empty)).error.message).toBe(
      "body: This field is required",
    );
    const big = await reply(alice, { body: "x".repeat(5001) });
    expect((await json<{ error: { message: string } }>(big)).error.message).toBe(
      "body: You must enter a maximum of 5000 characters",
    );
  });

  it("refuses a NUL or a lone surrogate in a reply or the ticket id with 400 (issue 10)", async () => {
    for (const body of ["Thanks\u0000", "Thanks \ud83d"]) {
      const res = await reply(alice, { body });
      expect(res.status).toBe(400);
      expect((await json<{ error: { code: string } }>(res)).error.code).toBe("INVALID_TEXT");
    }
    const nulId = await reply(alice, { body: "hello there" }, {}, `${ticket.id}\u0000`);
    expect(nulId.status).toBe(400);
    const get = await getTicketRoute(
      apiRequest(`/api/support/tickets/x`, { user: alice }),
      params({ id: "\u0000" }),
    );
    expect(get.status).toBe(400);
    const msgs = await handle.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.ticketId, ticket.id));
    expect(msgs.some((m) => m.body.startsWith("Thanks"))).toBe(false);
  });

  it("is idempotent with an Idempotency-Key", async () => {
    const key = crypto.randomUUID();
    const first = await reply(alice, { body: "Sent twice by a double click" }, { "idempotency-key": key });
    const second = await reply(alice, { body: "Sent twice by a double click" }, { "idempotency-key": key });
    expect([first.status, second.status]).toEqual([201, 200]);
    const msgs = await handle.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.ticketId, ticket.id));
    expect(msgs.filter((m) => m.body === "Sent twice by a double click")).toHaveLength(1);
  });
});
