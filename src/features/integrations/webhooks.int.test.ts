// Outgoing webhooks' safety rules (docs/integrations.md, "Outgoing webhooks"): a disabled endpoint
// gets nothing (its queued deliveries wait and resume when it is enabled again), endpoints go to
// public addresses only unless WEBHOOK_ALLOW_PRIVATE (checked at registration and again at connect
// time, on the very address connected to), and a receiver's answer is read only as far as the 1 KiB
// the log keeps. The receiver is a local server; names are resolved by an injected resolver.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as redeliverPOST } from "@/app/api/admin/webhooks/[id]/deliveries/[eventId]/redeliver/route";
import { GET as deliveriesGET } from "@/app/api/admin/webhooks/[id]/deliveries/route";
import { PATCH as endpointPATCH } from "@/app/api/admin/webhooks/[id]/route";
import { GET as webhooksGET, POST as webhooksPOST } from "@/app/api/admin/webhooks/route";
import type { DbHandle } from "@/db/client";
import { auditLog, staffRoles, webhookDeliveries } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import { config, resetConfigForTests } from "@/server/config";
import { serializeErr } from "@/server/logger";
import { emitEvent } from "@/server/webhook-outbox";
import { testDb } from "../../../test/db";
import { createEndpoint, deliverDue } from "./server";

const ADMIN = "0x00000000000000000000000000000000000ad112";
let handle: DbHandle;
let adminCookie = "";
let server: http.Server;
let received: { url: string; host: string }[] = [];
let bigBodyBytes = 0;
let bigBodyFinished = false;

beforeAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE; // the default: refused
  resetConfigForTests();
  handle = await testDb();
  const admin = await createTestSession(ADMIN);
  await handle.db.insert(staffRoles).values({ address: ADMIN, role: "admin", grantedBy: "test" });
  adminCookie = admin.cookieHeader;
  server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received.push({ url: req.url ?? "", host: req.headers.host ?? "" });
      if (req.url === "/internal") {
        res.writeHead(200, { "content-type": "text/plain" }).end("internal-only: db-password=hunter2");
      } else if (req.url === "/utf8") {
        // 1 + 2 × 600 bytes: the 1 KiB limit falls inside the 512th "é".
        res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end(`a${"é".repeat(600)}`);
      } else if (req.url === "/nul") {
        res.writeHead(200, { "content-type": "application/octet-stream" }).end(Buffer.from("ok\0\0!"));
      } else if (req.url === "/big") {
        // 32 MiB answer: a bounded reader stops after ~1 KiB, an unbounded one pulls it all.
        res.writeHead(200, { "content-type": "application/octet-stream" });
        const chunk = Buffer.alloc(1024 * 1024, 97);
        let left = 32;
        const pump = () => {
          while (left > 0) {
            left--;
            bigBodyBytes += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          res.end();
        };
        res.on("finish", () => {
          bigBodyFinished = true;
        });
        res.on("error", () => {});
        pump();
      } else res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetConfigForTests();
  await handle?.close();
});
beforeEach(async () => {
  received = [];
  await handle.db.execute(sql`DELETE FROM webhook_endpoints`);
  await handle.db.execute(sql`DELETE FROM webhook_events`);
});

const at = (p: string) => `${config().origin}${p}`;
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });
const port = () => (server.address() as AddressInfo).port;
const local = (p: string) => `http://127.0.0.1:${port()}${p}`;
const headers = () => ({ "content-type": "application/json", cookie: adminCookie, origin: config().origin });
/** A resolver that answers `address` for every name (no DNS on the network). */
const resolveTo = (address: string) => async () => [{ address, family: address.includes(":") ? 6 : 4 }];

async function register(url: string, events: string[] = []) {
  return webhooksPOST(
    new Request(at("/api/admin/webhooks"), {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ url, events }),
    }),
    ctx({}),
  );
}
/** An endpoint row as WEBHOOK_URLS (or a registration before these rules) could leave it. */
const endpointAt = (url: string) => createEndpoint(handle.db, { url, events: [] });

async function deliveryOf(endpointId: string) {
  const [row] = await handle.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  return row;
}

async function setEnabled(id: string, enabled: boolean) {
  const res = await endpointPATCH(
    new Request(at(`/api/admin/webhooks/${id}`), {
      method: "PATCH",
      headers: headers(),
      body: JSON.stringify({ enabled }),
    }),
    ctx({ id }),
  );
  expect(res.status).toBe(200);
}

describe("disabling an endpoint", () => {
  it("pauses the deliveries already queued for it; enabling it again sends them", async () => {
    const endpoint = await endpointAt(local("/hook"));
    await emitEvent(handle.db, "ticket.opened", "disable-1", { ticketId: "x" });
    await setEnabled(endpoint.id, false);

    await deliverDue(handle.db, { allowPrivate: true });
    expect(received).toEqual([]);
    expect(await deliveryOf(endpoint.id)).toMatchObject({ status: "pending", attempts: 0 });

    await setEnabled(endpoint.id, true);
    await deliverDue(handle.db, { allowPrivate: true });
    expect(received.map((r) => r.url)).toEqual(["/hook"]);
    expect(await deliveryOf(endpoint.id)).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("refuses to redeliver to a disabled endpoint (409, says to enable it)", async () => {
    const endpoint = await endpointAt(local("/hook"));
    await emitEvent(handle.db, "ticket.opened", "disable-2", { ticketId: "x" });
    const failed = await handle.db.execute(
      sql`UPDATE webhook_deliveries SET status = 'failed', attempts = 3 WHERE endpoint_id = ${endpoint.id}
        RETURNING event_id`,
    );
    const eventId = (failed as unknown as { rows: { event_id: string }[] }).rows[0]?.event_id as string;
    await setEnabled(endpoint.id, false);

    const res = await redeliverPOST(
      new Request(at(`/api/admin/webhooks/${endpoint.id}/deliveries/${eventId}/redeliver`), {
        method: "POST",
        headers: headers(),
      }),
      ctx({ id: endpoint.id, eventId }),
    );
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/disabled; enable it/);
    expect(await deliveryOf(endpoint.id)).toMatchObject({ status: "failed" });
  });
});

describe("endpoint URLs (SSRF)", () => {
  it("refuses to register loopback, link-local (cloud metadata), private and IPv6 loopback targets", async () => {
    const targets = [
      "http://169.254.169.254/latest/meta-data/",
      "http://127.0.0.1:6379/",
      "http://10.0.0.5/",
      "http://[::1]:8545/",
      "http://[::ffff:127.0.0.1]/",
      "http://[64:ff9b::a9fe:a9fe]/",
      "http://2130706433/",
      "http://localhost:3000/api/metrics",
      "http://api.localhost./",
    ];
    const statuses: Record<string, number> = {};
    for (const url of targets) statuses[url] = (await register(url)).status;
    expect(statuses).toEqual(Object.fromEntries(targets.map((u) => [u, 400])));
    const res = await register("http://169.254.169.254/latest/meta-data/");
    const { error } = (await res.json()) as { error: { message: string } };
    expect(error.message).toMatch(/public addresses only; 169\.254\.169\.254 is a linkLocal address/);
  });

  it("registers a loopback receiver only when WEBHOOK_ALLOW_PRIVATE opts a local setup in", async () => {
    expect((await register(local("/hook"))).status).toBe(400);
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    resetConfigForTests();
    try {
      expect((await register(local("/hook"))).status).toBe(201);
    } finally {
      delete process.env.WEBHOOK_ALLOW_PRIVATE;
      resetConfigForTests();
    }
  });

  it("does not connect to an internal address at delivery, nor read its answer into the log", async () => {
    const endpoint = await endpointAt(local("/internal"));
    await emitEvent(handle.db, "ticket.opened", "ssrf-1", { ticketId: "y" });
    await deliverDue(handle.db);
    expect(received).toEqual([]);
    const log = await deliveriesGET(
      new Request(at(`/api/admin/webhooks/${endpoint.id}/deliveries`), { headers: { cookie: adminCookie } }),
      ctx({ id: endpoint.id }),
    );
    const body = JSON.stringify(await log.json());
    expect(body).not.toContain("db-password=hunter2");
    expect(await deliveryOf(endpoint.id)).toMatchObject({
      status: "pending",
      lastStatus: null,
      lastError: expect.stringMatching(/^refused: 127\.0\.0\.1 is a loopback address/),
    });
  });

  it("checks the addresses a name resolves to when connecting (a name turned private is refused)", async () => {
    const endpoint = await endpointAt(`http://hooks.example.test:${port()}/internal`);
    await emitEvent(handle.db, "ticket.opened", "rebind-1", { ticketId: "r" });
    await deliverDue(handle.db, { resolve: resolveTo("127.0.0.1") });
    expect(received).toEqual([]);
    expect((await deliveryOf(endpoint.id))?.lastError).toMatch(
      /^refused: hooks\.example\.test resolves to 127\.0\.0\.1, a loopback address/,
    );
  });

  it("connects to the address the check resolved, keeping the URL's host name", async () => {
    const endpoint = await endpointAt(`http://hooks.example.test:${port()}/hook`);
    await emitEvent(handle.db, "ticket.opened", "resolved-1", { ticketId: "s" });
    await deliverDue(handle.db, { allowPrivate: true, resolve: resolveTo("127.0.0.1") });
    expect(received).toEqual([{ url: "/hook", host: `hooks.example.test:${port()}` }]);
    expect(await deliveryOf(endpoint.id)).toMatchObject({ status: "delivered", lastStatus: 204 });
  });
});

describe("an endpoint URL as typed", () => {
  // A public IP literal: registered without a DNS look-up. The path stands for a receiver's token.
  const typed = "HTTPS://93.184.215.14:8443/Services/T0ken?Sig=Ab";

  it("with an upper-case scheme is stored normalised (201), not refused by the database (500)", async () => {
    const res = await register(typed);
    expect(res.status).toBe(201);
    const { endpoint } = (await res.json()) as { endpoint: { id: string; url: string } };
    // The creation's answer: the whole URL, once, as stored.
    expect(endpoint.url).toBe("https://93.184.215.14:8443/Services/T0ken?Sig=Ab");

    // The list and the audit log: scheme and host only.
    const list = await webhooksGET(
      new Request(at("/api/admin/webhooks"), { headers: { cookie: adminCookie } }),
      ctx({}),
    );
    const { endpoints } = (await list.json()) as { endpoints: { id: string; url: string }[] };
    expect(endpoints).toEqual([
      expect.objectContaining({ id: endpoint.id, url: "https://93.184.215.14:8443/<hidden>" }),
    ]);
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `webhook:${endpoint.id}`));
    expect(audit?.after).toEqual({ url: "https://93.184.215.14:8443/<hidden>", events: [] });
    expect(JSON.stringify([endpoints, audit?.after, audit?.before])).not.toContain("T0ken");
  });

  it("a failed insert's logged error carries neither the URL nor the new secret", async () => {
    const secret = "whsec_never-in-a-log-line-0123456789";
    let thrown: unknown;
    try {
      // Past the schema (as before the fix): the database's check refuses the upper-case scheme.
      await createEndpoint(handle.db, { url: typed, events: [], secret });
    } catch (err) {
      thrown = err;
    }
    expect(String((thrown as Error).message)).toContain(secret); // what drizzle puts in its message
    const logged = JSON.stringify(serializeErr(thrown));
    expect(logged).toContain("webhook_endpoints");
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain("T0ken");
  });
});

describe("a receiver's answer", () => {
  it("is read only as far as the 1 KiB the log keeps (bounded body)", async () => {
    const endpoint = await endpointAt(local("/big"));
    await emitEvent(handle.db, "ticket.opened", "big-1", { ticketId: "z" });
    await deliverDue(handle.db, { allowPrivate: true });
    await new Promise((r) => setTimeout(r, 200));
    // An unbounded reader consumed the whole 32 MiB answer (the server finished writing it).
    expect({ finished: bigBodyFinished, mib: bigBodyBytes / 2 ** 20 }).toEqual({
      finished: false,
      mib: expect.any(Number),
    });
    expect(await deliveryOf(endpoint.id)).toMatchObject({
      status: "delivered",
      lastResponse: "a".repeat(1024),
    });
  });

  it("is kept as whole UTF-8 characters within 1 KiB, without NUL bytes", async () => {
    const utf8 = await endpointAt(local("/utf8"));
    const nul = await endpointAt(local("/nul"));
    await emitEvent(handle.db, "ticket.opened", "utf8-1", { ticketId: "u" });
    await deliverDue(handle.db, { allowPrivate: true });
    expect((await deliveryOf(utf8.id))?.lastResponse).toBe(`a${"é".repeat(511)}`);
    expect(await deliveryOf(nul.id)).toMatchObject({ status: "delivered", lastResponse: "ok!" });
  });
});
