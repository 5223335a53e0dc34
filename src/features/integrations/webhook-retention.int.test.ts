// Retention of the webhook log (docs/integrations.md, "Retention"): events whose deliveries are all
// finished go, with those deliveries, 30 days after the event and after their last attempt; a
// pending delivery is never deleted, nor anything recent. And the console's delivery log reads its
// index (migration 0037) instead of sorting all of an endpoint's deliveries.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "@/db/schema";
import { testDb } from "../../../test/db";
import { createEndpoint } from "./server";
import { pruneWebhookLog, WEBHOOK_RETENTION_DAYS } from "./server/retention";

let handle: DbHandle;
let a = "";
let b = "";
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());
beforeEach(async () => {
  await handle.db.delete(webhookEndpoints);
  await handle.db.delete(webhookEvents);
  a = (await createEndpoint(handle.db, { url: "https://a.example/hook", events: [] })).id;
  b = (await createEndpoint(handle.db, { url: "https://b.example/hook", events: [] })).id;
});

const DAY = 24 * 3600 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
type Delivery = { endpoint: string; status: "pending" | "delivered" | "failed"; lastTry?: number };

/** An event `days` old with its deliveries; `lastTry`: days since a delivery's last attempt. */
async function event(key: string, days: number, deliveries: Delivery[]): Promise<string> {
  const [ev] = await handle.db
    .insert(webhookEvents)
    .values({ type: "task.completed", dedupeKey: `task.completed:${key}`, payload: {}, createdAt: ago(days) })
    .returning();
  const id = ev?.id as string;
  for (const d of deliveries)
    await handle.db.insert(webhookDeliveries).values({
      eventId: id,
      endpointId: d.endpoint,
      status: d.status,
      attempts: d.status === "pending" ? 0 : 1,
      nextAttemptAt: ago(d.lastTry ?? days),
      deliveredAt: d.status === "delivered" ? ago(d.lastTry ?? days) : null,
      createdAt: ago(days),
    });
  return id;
}

const eventIds = async () =>
  (await handle.db.select({ id: webhookEvents.id }).from(webhookEvents)).map((r) => r.id);
const deliveryCount = async (eventId: string) =>
  (await handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId))).length;

describe("pruneWebhookLog", () => {
  it("deletes old finished events with their deliveries; keeps pending, recent and recently retried ones", async () => {
    const old = WEBHOOK_RETENTION_DAYS + 10;
    const delivered = await event("delivered", old, [
      { endpoint: a, status: "delivered" },
      { endpoint: b, status: "delivered" },
    ]);
    const failed = await event("failed", old, [{ endpoint: a, status: "failed" }]);
    const unsent = await event("no-subscriber", old, []);
    const paused = await event("paused", old, [{ endpoint: a, status: "pending" }]);
    const mixed = await event("mixed", old, [
      { endpoint: a, status: "delivered" },
      { endpoint: b, status: "pending" },
    ]);
    const retried = await event("retried", old, [{ endpoint: a, status: "failed", lastTry: 2 }]);
    const recent = await event("recent", WEBHOOK_RETENTION_DAYS - 1, [{ endpoint: a, status: "delivered" }]);

    expect(await pruneWebhookLog(handle.db)).toBe(3);

    const left = await eventIds();
    for (const gone of [delivered, failed, unsent]) expect(left).not.toContain(gone);
    expect(await deliveryCount(delivered)).toBe(0);
    expect(await deliveryCount(failed)).toBe(0);
    expect(left.sort()).toEqual([paused, mixed, retried, recent].sort());
    // A pending delivery is never deleted, nor the delivered one beside it (the event stays whole).
    expect(await deliveryCount(paused)).toBe(1);
    expect(await deliveryCount(mixed)).toBe(2);
    expect(await deliveryCount(recent)).toBe(1);
    expect(await pruneWebhookLog(handle.db)).toBe(0);
  });

  it("deletes at most one batch per call, oldest first", async () => {
    for (let i = 0; i < 5; i++)
      await event(`batch-${i}`, WEBHOOK_RETENTION_DAYS + 10 - i, [{ endpoint: a, status: "delivered" }]);
    expect(await pruneWebhookLog(handle.db, { batch: 2 })).toBe(2);
    expect(await pruneWebhookLog(handle.db, { batch: 2 })).toBe(2);
    expect(await pruneWebhookLog(handle.db, { batch: 2 })).toBe(1);
    expect(await eventIds()).toEqual([]);
  });
});

describe("the console's delivery log", () => {
  it("reads webhook_deliveries_endpoint_log_idx in the page's order, with no sort", async () => {
    for (let i = 0; i < 30; i++) await event(`log-${i}`, 1, [{ endpoint: a, status: "delivered" }]);
    // The order of admin/server/webhooks.ts deliveriesPage; with sorts and scans priced out, a plan
    // without a Sort node is only possible through an index whose key is that order.
    const plan = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      return rowsOf<{ "QUERY PLAN": string }>(
        await tx.execute(sql`
          EXPLAIN SELECT d.event_id FROM webhook_deliveries d
          JOIN webhook_events ev ON ev.id = d.event_id
          WHERE d.endpoint_id = ${a}
            AND date_trunc('milliseconds', d.created_at AT TIME ZONE 'UTC')
              < (${new Date().toISOString()}::timestamptz AT TIME ZONE 'UTC')
          ORDER BY date_trunc('milliseconds', d.created_at AT TIME ZONE 'UTC') DESC, d.event_id DESC
          LIMIT 26`),
      )
        .map((r) => r["QUERY PLAN"])
        .join("\n");
    });
    expect(plan).toContain("webhook_deliveries_endpoint_log_idx");
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
