import { and, asc, desc, eq, gt, lt, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "@/db/schema";
import { deliveryListResponse, endpointListResponse, redactedUrl } from "@/features/integrations/server";
import { recordAudit } from "@/server/audit";
import { conflict, notFound } from "@/server/errors";
import { instantIdCursor } from "../schema";

// The console's webhooks screen (docs/integrations.md, "Outgoing webhooks"): endpoints are rows of
// webhook_endpoints (console-made, or synced from WEBHOOK_URLS at every worker start); the
// integrations feature signs and delivers. Here: paged lists, enable/disable and redelivery.

const PAGE = 25;
const ENDPOINT_PAGE = 50;

/**
 * Keyset paging on a timestamp the cursor can carry exactly: PostgreSQL keeps microseconds, a JS
 * Date (and so the cursor) milliseconds, so rows in the same millisecond were shown twice. Both the
 * order and the comparison use the millisecond-truncated value, of the UTC wall-clock time: the
 * same order, and unlike date_trunc() of a timestamptz it can be indexed
 * (webhook_deliveries_endpoint_log_idx, migration 0037, is this expression exactly).
 */
const atMs = (column: typeof webhookEndpoints.createdAt | typeof webhookDeliveries.createdAt): SQL<Date> =>
  sql<Date>`date_trunc('milliseconds', ${column} AT TIME ZONE 'UTC')`;
/** A cursor's instant, comparable with atMs. */
const cursorMs = (at: Date): SQL => sql`(${at.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;

export const webhookDeliveriesQuery = z.object({
  status: z.enum(["pending", "delivered", "failed"]).optional(),
  cursor: instantIdCursor,
});
export const webhookPatchSchema = z.object({ enabled: z.boolean() }).strict();

const endpointView = endpointListResponse.shape.endpoints.element;
export const webhookEndpointResponse = z.object({ endpoint: endpointView });
export const webhookDeliveriesResponse = deliveryListResponse.extend({ nextCursor: z.string().nullable() });
export const redeliverResponse = z.object({
  delivery: deliveryListResponse.shape.deliveries.element,
});

type EndpointRow = typeof webhookEndpoints.$inferSelect;
// The URL as scheme and host only: its path may hold the receiver's token (docs/integrations.md).
const view = (r: EndpointRow): z.infer<typeof endpointView> => ({
  id: r.id,
  url: redactedUrl(r.url),
  events: r.events,
  enabled: r.enabled,
  source: r.source as "console" | "env",
  createdAt: r.createdAt.toISOString(),
  secretHint: `…${r.secret.slice(-4)}`,
});

export const webhookEndpointsQuery = z.object({ cursor: instantIdCursor });
export const webhookEndpointsResponse = endpointListResponse.extend({ nextCursor: z.string().nullable() });

/** Endpoints oldest first, 50 a page (keyset on created_at, id). */
export async function endpointsPage(
  db: Db,
  q: z.output<typeof webhookEndpointsQuery>,
): Promise<z.infer<typeof webhookEndpointsResponse>> {
  let where: ReturnType<typeof or>;
  if (q.cursor) {
    const { at, id } = q.cursor;
    const after = cursorMs(at);
    where = or(
      sql`${atMs(webhookEndpoints.createdAt)} > ${after}`,
      and(sql`${atMs(webhookEndpoints.createdAt)} = ${after}`, gt(webhookEndpoints.id, id)),
    );
  }
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(where)
    .orderBy(asc(atMs(webhookEndpoints.createdAt)), asc(webhookEndpoints.id))
    .limit(ENDPOINT_PAGE + 1);
  const page = rows.slice(0, ENDPOINT_PAGE);
  const last = page[page.length - 1];
  return {
    endpoints: page.map(view),
    nextCursor: rows.length > ENDPOINT_PAGE && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
  };
}

/**
 * Enables or disables a console endpoint (audited). Endpoints from WEBHOOK_URLS follow the variable
 * (the worker re-syncs them at start), so the console refuses to toggle them.
 */
export async function setEndpointEnabled(db: Db, id: string, enabled: boolean, actor: string) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
    if (!row) throw notFound("No such webhook endpoint.", "NOT_FOUND");
    if (row.source === "env")
      throw conflict("This endpoint comes from WEBHOOK_URLS; change the variable instead.", "CONFLICT");
    if (row.enabled === enabled) return { endpoint: view(row) };
    const [next] = await t
      .update(webhookEndpoints)
      .set({ enabled })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await recordAudit(t, {
      actor,
      action: enabled ? "webhooks.enable" : "webhooks.disable",
      target: `webhook:${id}`,
      before: { enabled: row.enabled },
      after: { enabled },
    });
    return { endpoint: view(next as EndpointRow) };
  });
}

const deliveryColumns = {
  eventId: webhookDeliveries.eventId,
  type: webhookEvents.type,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastStatus: webhookDeliveries.lastStatus,
  lastResponse: webhookDeliveries.lastResponse,
  lastError: webhookDeliveries.lastError,
  deliveredAt: webhookDeliveries.deliveredAt,
  createdAt: webhookDeliveries.createdAt,
};
type DeliveryRow = {
  eventId: string;
  type: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lastStatus: number | null;
  lastResponse: string | null;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
};
const deliveryView = (r: DeliveryRow) => ({
  ...r,
  status: r.status as "pending" | "delivered" | "failed",
  nextAttemptAt: r.nextAttemptAt.toISOString(),
  deliveredAt: r.deliveredAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** An endpoint's delivery log, newest first, 25 a page (keyset on created_at, event id). */
export async function deliveriesPage(
  db: Db,
  endpointId: string,
  q: z.output<typeof webhookDeliveriesQuery>,
): Promise<z.infer<typeof webhookDeliveriesResponse>> {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId));
  if (!endpoint) throw notFound("No such webhook endpoint.", "NOT_FOUND");
  const where = [eq(webhookDeliveries.endpointId, endpointId)];
  if (q.status) where.push(eq(webhookDeliveries.status, q.status));
  if (q.cursor) {
    const { at, id } = q.cursor;
    const before = cursorMs(at);
    const older = or(
      sql`${atMs(webhookDeliveries.createdAt)} < ${before}`,
      and(sql`${atMs(webhookDeliveries.createdAt)} = ${before}`, lt(webhookDeliveries.eventId, id)),
    );
    if (older) where.push(older);
  }
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(...where))
    .orderBy(desc(atMs(webhookDeliveries.createdAt)), desc(webhookDeliveries.eventId))
    .limit(PAGE + 1);
  const page = rows.slice(0, PAGE);
  const last = page[page.length - 1];
  return {
    deliveries: page.map(deliveryView),
    nextCursor: rows.length > PAGE && last ? `${last.createdAt.toISOString()}|${last.eventId}` : null,
  };
}

/**
 * Queues a delivery again, due now (audited): a failed one, or a pending one that already failed at
 * least once (skipping its backoff, e.g. after the receiver was fixed). The worker makes one more
 * attempt and retries with backoff while the event is younger than the 24 h window
 * (docs/integrations.md). A delivered one is refused: receivers already have it.
 */
export async function redeliver(db: Db, endpointId: string, eventId: string, actor: string) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const key = and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.eventId, eventId));
    const [prior] = await t.select().from(webhookDeliveries).where(key).for("update");
    if (!prior) throw notFound("No such delivery.", "NOT_FOUND");
    if (prior.status === "delivered" || prior.attempts === 0)
      throw conflict(
        prior.status === "delivered"
          ? "This delivery succeeded already; receivers de-duplicate on the event id anyway."
          : "This delivery has not been tried yet; the worker sends it shortly.",
        "CONFLICT",
      );
    await t.update(webhookDeliveries).set({ status: "pending", nextAttemptAt: new Date() }).where(key);
    await recordAudit(t, {
      actor,
      action: "webhooks.redeliver",
      target: `webhook:${endpointId}`,
      before: { eventId, status: prior.status, attempts: prior.attempts, lastError: prior.lastError },
      after: { eventId, status: "pending" },
    });
    const [row] = await t
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(key);
    return { delivery: deliveryView(row as DeliveryRow) };
  });
}
