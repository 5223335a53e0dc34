import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as redeliverPOST } from "@/app/api/admin/webhooks/[id]/deliveries/[eventId]/redeliver/route";
import { GET as deliveriesGET } from "@/app/api/admin/webhooks/[id]/deliveries/route";
import { PATCH as endpointPATCH } from "@/app/api/admin/webhooks/[id]/route";
import { GET as endpointsGET, POST as endpointsPOST } from "@/app/api/admin/webhooks/route";
import type { DbHandle } from "@/db/client";
import { auditLog, staffRoles, webhookDeliveries } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import { createEndpoint, deliverDue } from "@/features/integrations/server";
import { config, resetConfigForTests } from "@/server/config";
import { emitEvent } from "@/server/webhook-outbox";
import { testDb } from "../../../test/db";

// The console's webhooks API (docs/integrations.md, "Outgoing webhooks"): paged lists, enable /
// disable, redelivery — admin only, audited — against a local receiver that fails, then recovers.

const ADMIN = "0x00000000000000000000000000000000000ad0b1";
let handle: DbHandle;
let cookie = "";
let receiver: http.Server;
let receiverUrl = "";
let failing = true;
const received: string[] = [];

beforeAll(async () => {
  // The receiver listens on 127.0.0.1: a local setup's explicit opt-in (docs/integrations.md).
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetConfigForTests();
  handle = await testDb();
  await handle.db.insert(staffRoles).values({ address: ADMIN, role: "admin", grantedBy: "test" });
  cookie = (await createTestSession(ADMIN)).cookieHeader;
  receiver = http.createServer((req, res) => {
    received.push(String(req.headers["x-aurum-event-id"]));
    res.writeHead(failing ? 503 : 200, { "content-type": "text/plain" }).end(failing ? "down" : "ok");
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise((r) => receiver?.close(r));
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetConfigForTests();
  await handle?.close();
});

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function call(
  handler: Handler,
  path: string,
  init: { method?: string; body?: unknown } = {},
  params = {},
) {
  const res = await handler(
    new Request(`${config().origin}${path}`, {
      method: init.method ?? "GET",
      headers: { cookie, origin: config().origin, "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
    { params: Promise.resolve(params) },
  );
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the shape it asked for
  return { status: res.status, body: (await res.json()) as any };
}

describe("webhooks in the console", () => {
  it("adds an endpoint with its secret shown once, disables and enables it (audited), refuses env endpoints", async () => {
    const created = await call(endpointsPOST, "/api/admin/webhooks", {
      method: "POST",
      body: { url: receiverUrl, events: ["ticket.opened"] },
    });
    expect(created.status).toBe(201);
    const ep = (created.body as { endpoint: { id: string; secret: string; secretHint: string } }).endpoint;
    expect(ep.secret).toMatch(/^whsec_/);
    expect(ep.secretHint).toBe(`…${ep.secret.slice(-4)}`);
    const listed = await call(endpointsGET, "/api/admin/webhooks");
    expect(JSON.stringify(listed.body)).not.toContain(ep.secret);

    const off = await call(endpointPATCH, "/", { method: "PATCH", body: { enabled: false } }, { id: ep.id });
    expect((off.body as { endpoint: { enabled: boolean } }).endpoint.enabled).toBe(false);
    // Disabled: an event queues nothing for it.
    await emitEvent(handle.db, "ticket.opened", "t-disabled", { ticketId: "x" });
    expect(
      await handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, ep.id)),
    ).toEqual([]);
    await call(endpointPATCH, "/", { method: "PATCH", body: { enabled: true } }, { id: ep.id });
    const actions = (await handle.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(["webhooks.create", "webhooks.disable", "webhooks.enable"]),
    );

    const env = await createEndpoint(handle.db, { url: "http://127.0.0.1:9/env", events: [] }, "env");
    const refused = await call(
      endpointPATCH,
      "/",
      { method: "PATCH", body: { enabled: false } },
      { id: env.id },
    );
    expect(refused.status).toBe(409);
    const missing = await call(
      endpointPATCH,
      "/",
      { method: "PATCH", body: { enabled: false } },
      { id: "00000000-0000-4000-8000-000000000000" },
    );
    expect(missing.status).toBe(404);
    await handle.db.execute(sql`DELETE FROM webhook_endpoints WHERE id = ${env.id}`);
  });

  it("pages endpoints and deliveries with a cursor, newest deliveries first, filtered by status", async () => {
    for (let i = 0; i < 52; i++)
      await createEndpoint(handle.db, { url: `http://127.0.0.1:9/p${i}`, events: [] });
    const first = (await call(endpointsGET, "/api/admin/webhooks")).body as {
      endpoints: { id: string }[];
      nextCursor: string | null;
    };
    expect(first.endpoints).toHaveLength(50);
    const second = (
      await call(endpointsGET, `/api/admin/webhooks?cursor=${encodeURIComponent(first.nextCursor ?? "")}`)
    ).body as { endpoints: { id: string }[]; nextCursor: string | null };
    expect(second.endpoints.length).toBeGreaterThanOrEqual(3);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.endpoints, ...second.endpoints].map((e) => e.id)).size).toBe(
      first.endpoints.length + second.endpoints.length,
    );
    await handle.db.execute(sql`DELETE FROM webhook_endpoints WHERE url LIKE 'http://127.0.0.1:9/p%'`);

    const [ep] = (await call(endpointsGET, "/api/admin/webhooks")).body.endpoints as { id: string }[];
    const id = ep?.id as string;
    for (let i = 0; i < 30; i++) await emitEvent(handle.db, "ticket.opened", `page-${i}`, { i });
    const page1 = (await call(deliveriesGET, "/", {}, { id })).body as {
      deliveries: { eventId: string; createdAt: string }[];
      nextCursor: string;
    };
    expect(page1.deliveries).toHaveLength(25);
    const page2 = (await call(deliveriesGET, `/?cursor=${encodeURIComponent(page1.nextCursor)}`, {}, { id }))
      .body as { deliveries: { eventId: string }[]; nextCursor: string | null };
    expect(page2.deliveries).toHaveLength(5);
    expect(page2.nextCursor).toBeNull();
    const all = [...page1.deliveries, ...page2.deliveries].map((d) => d.eventId);
    expect(new Set(all).size).toBe(30);
    const byStatus = (await call(deliveriesGET, "/?status=delivered", {}, { id })).body as { deliveries: [] };
    expect(byStatus.deliveries).toEqual([]);
    const bad = await call(deliveriesGET, "/?cursor=nope", {}, { id });
    expect(bad.status).toBe(400);
    await handle.db.execute(sql`DELETE FROM webhook_deliveries WHERE endpoint_id = ${id}`);
  });

  it("redelivers a failed delivery after the receiver recovers; refuses untried and delivered ones", async () => {
    const [ep] = (await call(endpointsGET, "/api/admin/webhooks")).body.endpoints as { id: string }[];
    const id = ep?.id as string;
    await emitEvent(handle.db, "ticket.opened", "redeliver-1", { ticketId: "t1" });
    const [queued] = await handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, id));
    const eventId = queued?.eventId as string;
    const redeliver = () => call(redeliverPOST, "/", { method: "POST" }, { id, eventId });
    expect((await redeliver()).status).toBe(409); // not tried yet

    failing = true;
    await deliverDue(handle.db);
    // The 24 h window is over for this one: mark it failed as the worker would.
    await handle.db.execute(sql`UPDATE webhook_deliveries SET status = 'failed' WHERE event_id = ${eventId}`);
    const log = (await call(deliveriesGET, "/?status=failed", {}, { id })).body as {
      deliveries: { status: string; attempts: number; lastStatus: number; lastResponse: string }[];
    };
    expect(log.deliveries[0]).toMatchObject({
      status: "failed",
      attempts: 1,
      lastStatus: 503,
      lastResponse: "down",
    });

    failing = false;
    const again = await redeliver();
    expect(again.status).toBe(200);
    expect((again.body as { delivery: { status: string } }).delivery.status).toBe("pending");
    await deliverDue(handle.db);
    const [done] = await handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, eventId));
    expect(done).toMatchObject({ status: "delivered", attempts: 2, lastStatus: 200 });
    expect(received.filter((e) => e === eventId)).toHaveLength(2);
    expect((await redeliver()).status).toBe(409); // delivered
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.action, "webhooks.redeliver"));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor).toBe(ADMIN);
  });

  it("refuses a signed-in participant (403) on every webhooks route", async () => {
    const other = (await createTestSession("0x00000000000000000000000000000000000b0b01")).cookieHeader;
    const res = await endpointsGET(
      new Request(`${config().origin}/api/admin/webhooks`, { headers: { cookie: other } }),
      {
        params: Promise.resolve({}),
      },
    );
    expect(res.status).toBe(403);
  });
});
