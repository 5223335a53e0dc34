import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as importPOST } from "@/app/api/admin/points/import/route";
import { POST as webhooksPOST } from "@/app/api/admin/webhooks/route";
import { POST as zealyPOST } from "@/app/api/integrations/zealy/[taskId]/route";
import { GET as completionGET } from "@/app/api/public/v1/tasks/[taskId]/completions/[address]/route";
import { GET as tasksGET } from "@/app/api/public/v1/tasks/route";
import type { DbHandle } from "@/db/client";
import { pointsLedger, staffRoles, webhookDeliveries } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import { excludeParticipant, restoreParticipant } from "@/features/integrity/server";
import { upsertTasks, verifyTask } from "@/features/tasks/server";
import { config, resetConfigForTests } from "@/server/config";
import { emitEvent } from "@/server/webhook-outbox";
import { testDb } from "../../../test/db";
import { deliverDue, verifyWebhookSignature } from "./server";

const ZEALY_KEY = "zealy-test-key-0123456789";
const ALICE = "0x00000000000000000000000000000000000a11ce";
const ADMIN = "0x00000000000000000000000000000000000ad111";

let handle: DbHandle;
let adminCookie = "";
beforeAll(async () => {
  process.env.ZEALY_API_KEY = ZEALY_KEY;
  // The webhook receiver below listens on 127.0.0.1: a local setup's explicit opt-in.
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetConfigForTests();
  handle = await testDb();
  await upsertTasks(handle.db, [
    {
      id: "check-in",
      title: "Daily check-in",
      description: "Say hello",
      type: "daily_checkin",
      params: {},
      points: 10,
      repeat: "daily",
    },
  ] as never);
  const admin = await createTestSession(ADMIN);
  await handle.db.insert(staffRoles).values({ address: ADMIN, role: "admin", grantedBy: "test" });
  adminCookie = admin.cookieHeader;
});
afterAll(async () => {
  delete process.env.ZEALY_API_KEY;
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetConfigForTests();
  await handle?.close();
});

const at = (p: string) => `${config().origin}${p}`;
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

describe("public verification endpoints", () => {
  it("lists tasks and answers completion 0 → 1 once the address completed the task", async () => {
    const list = await tasksGET(new Request(at("/api/public/v1/tasks")), ctx({}));
    const body = (await list.json()) as { tasks: { id: string; points: number }[] };
    expect(body.tasks).toContainEqual(expect.objectContaining({ id: "check-in", points: 10 }));
    expect(list.headers.get("cache-control")).toContain("public");

    const ask = () =>
      completionGET(
        new Request(at(`/api/public/v1/tasks/check-in/completions/${ALICE}`)),
        ctx({ taskId: "check-in", address: ALICE }),
      );
    expect(await (await ask()).json()).toMatchObject({ completed: false, result: 0, completedAt: null });
    const { user } = await createTestSession(ALICE);
    const done = await verifyTask(handle.db, { userId: user.id, address: ALICE }, "check-in", {
      chain: null,
    });
    expect(done.credited).toBe(true);
    const after = (await (await ask()).json()) as { completed: boolean; result: number; completedAt: string };
    expect(after).toMatchObject({ address: ALICE, taskId: "check-in", completed: true, result: 1 });
    expect(Number.isNaN(Date.parse(after.completedAt))).toBe(false);
  });

  it("answers 404 for an unknown task and 400 for a bad address", async () => {
    const unknown = await completionGET(new Request(at("/x")), ctx({ taskId: "nope", address: ALICE }));
    expect(unknown.status).toBe(404);
    const bad = await completionGET(new Request(at("/x")), ctx({ taskId: "check-in", address: "0x12" }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("INVALID_INPUT");
  });
});

describe("Zealy API quest", () => {
  const call = (key: string | null, body: unknown, taskId = "check-in") =>
    zealyPOST(
      new Request(at(`/api/integrations/zealy/${taskId}`), {
        method: "POST",
        headers: { "content-type": "application/json", ...(key ? { "x-api-key": key } : {}) },
        body: JSON.stringify(body),
      }),
      ctx({ taskId }),
    );
  const zealy = (wallet?: string) => ({
    userId: "u1",
    communityId: "c1",
    subdomain: "aurum",
    questId: "q1",
    requestId: "r1",
    accounts: wallet ? { wallet } : {},
  });

  it("401 for a wrong key, 400 saying what is missing, 200 once done", async () => {
    expect((await call("wrong-key-wrong-key-1", zealy(ALICE))).status).toBe(401);
    expect((await call(null, zealy(ALICE))).status).toBe(401);
    const noWallet = await call(ZEALY_KEY, zealy());
    expect(noWallet.status).toBe(400);
    expect(((await noWallet.json()) as { message: string }).message).toMatch(/wallet/i);
    const stranger = await call(ZEALY_KEY, zealy("0x00000000000000000000000000000000000b0b00"));
    expect(stranger.status).toBe(400);
    expect(((await stranger.json()) as { message: string }).message).toContain("has not completed");
    const done = await call(ZEALY_KEY, zealy(ALICE));
    expect(done.status).toBe(200);
    expect(((await done.json()) as { message: string }).message).toContain("Daily check-in");
  });

  it("an address the integrity review excluded is not completed for quest platforms, credit or not", async () => {
    const completion = async () =>
      (await completionGET(new Request(at("/x")), ctx({ taskId: "check-in", address: ALICE }))).json();
    expect(await completion()).toMatchObject({ completed: true, result: 1, excluded: false });
    await excludeParticipant(handle.db, ADMIN, {
      address: ALICE,
      reasonCategory: "sybil",
      reason: "one funder for 40 wallets",
    });
    try {
      expect(await completion()).toEqual({
        address: ALICE,
        taskId: "check-in",
        completed: false,
        completedAt: null,
        result: 0,
        excluded: true,
      });
      const refused = await call(ZEALY_KEY, zealy(ALICE));
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toMatch(/is excluded from .*\/rewards/);
    } finally {
      await restoreParticipant(handle.db, ADMIN, { address: ALICE, reason: "test over" });
    }
    expect(await completion()).toMatchObject({ completed: true, result: 1, excluded: false });
  });
});

describe("points import", () => {
  const upload = (csv: string, cookie = adminCookie) =>
    importPOST(
      new Request(at("/api/admin/points/import"), {
        method: "POST",
        headers: { "content-type": "text/csv", cookie, origin: config().origin },
        body: csv,
      }),
      ctx({}),
    );
  const csv = [
    "address,points,reason,source_key",
    `${ALICE},50,Galxe quest,galxe:q1:alice`,
    "0x00000000000000000000000000000000000c4a11,25,Zealy sprint,zealy:s1:carol",
    "not-an-address,5,x,k1",
    `${ALICE},-3,negative,k2`,
  ].join("\n");

  it("credits each source_key exactly once, even when the same file is uploaded concurrently", async () => {
    const reports = await Promise.all(Array.from({ length: 5 }, () => upload(csv)));
    const bodies = (await Promise.all(reports.map((r) => r.json()))) as {
      credited: number;
      errors: unknown[];
    }[];
    expect(reports.every((r) => r.status === 200)).toBe(true);
    expect(bodies.reduce((n, b) => n + b.credited, 0)).toBe(2);
    expect(bodies[0]?.errors).toHaveLength(2);
    const rows = await handle.db
      .select()
      .from(pointsLedger)
      .where(sql`${pointsLedger.sourceKey} LIKE 'import:%'`);
    expect(rows.map((r) => r.sourceKey).sort()).toEqual(["import:galxe:q1:alice", "import:zealy:s1:carol"]);
  });

  it("refuses a wrong header with 400 and anyone but an admin with 403", async () => {
    expect((await upload("addr,points\n1,2")).status).toBe(400);
    const user = await createTestSession("0x00000000000000000000000000000000000d0d00");
    expect((await upload(csv, user.cookieHeader)).status).toBe(403);
  });
});

describe("signed webhooks", () => {
  type Received = { body: string; signature: string | null; id: string | null };
  let server: http.Server;
  let received: Received[] = [];
  let failuresLeft = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        received.push({
          body,
          signature: req.headers["x-aurum-signature"] as string,
          id: req.headers["x-aurum-event-id"] as string,
        });
        if (failuresLeft > 0) {
          failuresLeft--;
          res.writeHead(503).end("down for maintenance");
        } else res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("delivers a signed event, retries a failing receiver with the same id until it recovers", async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const created = await webhooksPOST(
      new Request(at("/api/admin/webhooks"), {
        method: "POST",
        headers: { "content-type": "application/json", cookie: adminCookie, origin: config().origin },
        body: JSON.stringify({ url, events: ["ticket.opened"] }),
      }),
      ctx({}),
    );
    expect(created.status).toBe(201);
    const { endpoint } = (await created.json()) as { endpoint: { id: string; secret: string } };

    received = [];
    failuresLeft = 2;
    await emitEvent(handle.db, "ticket.opened", "t-1", { ticketId: "t-1" });
    await emitEvent(handle.db, "ticket.opened", "t-1", { ticketId: "t-1" }); // a retried caller: same fact
    await emitEvent(handle.db, "faucet.paid", "c-1", { claimId: "c-1" }); // not subscribed
    for (let round = 0; round < 3; round++) {
      // Make the backoff's next attempt due now instead of waiting 10 s, 20 s.
      await handle.db.execute(sql`UPDATE webhook_deliveries SET next_attempt_at = now()`);
      await deliverDue(handle.db);
    }
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.id)).size).toBe(1);
    for (const r of received) expect(verifyWebhookSignature(r.signature, endpoint.secret, r.body)).toBe(true);
    expect(JSON.parse(received[2]?.body ?? "{}")).toMatchObject({
      type: "ticket.opened",
      data: { ticketId: "t-1" },
    });
    const [delivery] = await handle.db.select().from(webhookDeliveries);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 3, lastStatus: 204 });
  });

  it("gives up after the 24 h window and keeps the last answer", async () => {
    received = [];
    failuresLeft = 100;
    await emitEvent(handle.db, "ticket.opened", "t-old", { ticketId: "t-old" });
    await handle.db.execute(
      sql`UPDATE webhook_events SET created_at = now() - interval '25 hours' WHERE dedupe_key = 'ticket.opened:t-old'`,
    );
    await deliverDue(handle.db);
    const rows = await handle.db.execute(sql`
      SELECT d.status, d.last_status, d.last_response FROM webhook_deliveries d
      JOIN webhook_events e ON e.id = d.event_id WHERE e.dedupe_key = 'ticket.opened:t-old'`);
    expect((rows as unknown as { rows: unknown[] }).rows[0]).toMatchObject({
      status: "failed",
      last_status: 503,
      last_response: "down for maintenance",
    });
  });
});
