import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { recordAudit } from "@/server/audit";
import { config } from "@/server/config";
import { badRequest, conflict } from "@/server/errors";
import { logger } from "@/server/logger";
import type { WebhookEventType } from "@/server/webhook-outbox";
import { registrationRefusal } from "./target-guard";

export type EndpointInput = { url: string; events: WebhookEventType[]; secret?: string };

/** A new endpoint secret: 32 random bytes, shown to the operator once when the endpoint is created. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

export async function createEndpoint(db: Db, input: EndpointInput, source: "console" | "env" = "console") {
  const secret = input.secret ?? newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ url: input.url, events: input.events, secret, source })
    .returning();
  if (!row) throw new Error("webhook endpoint insert returned no row");
  return row;
}

/**
 * Console: creates an endpoint and logs it (the secret and the whole URL are answered once, to the
 * admin who typed it; the audit entry holds the redacted URL, never the secret). A URL whose
 * host is or resolves to a non-public address is a 400 unless WEBHOOK_ALLOW_PRIVATE (target-guard.ts).
 */
export async function createEndpointAudited(db: Db, input: EndpointInput, actor: string) {
  const refused = await registrationRefusal(input.url, { allowPrivate: config().WEBHOOK_ALLOW_PRIVATE });
  if (refused)
    throw badRequest(
      `url: webhooks go to public addresses only; ${refused}. Local setups set WEBHOOK_ALLOW_PRIVATE=1.`,
    );
  return db.transaction(async (tx) => {
    const row = await createEndpoint(tx as unknown as Db, input);
    await recordAudit(tx as unknown as Db, {
      actor,
      action: "webhooks.create",
      target: `webhook:${row.id}`,
      after: { url: redactedUrl(row.url), events: row.events },
    });
    return { ...endpointView(row), secret: row.secret };
  });
}

export async function deleteEndpointAudited(db: Db, id: string, actor: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    const ok = await deleteEndpoint(tx as unknown as Db, id);
    if (ok && before)
      await recordAudit(tx as unknown as Db, {
        actor,
        action: "webhooks.delete",
        target: `webhook:${id}`,
        before: { url: redactedUrl(before.url), events: before.events },
      });
    return ok;
  });
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function endpointView({ secret, createdAt, ...rest }: EndpointRow) {
  return {
    ...rest,
    source: rest.source as "console" | "env",
    createdAt: createdAt.toISOString(),
    // The secret is shown once at creation; afterwards only its last characters identify it.
    secretHint: `…${secret.slice(-4)}`,
  };
}

/**
 * Redelivery needs an enabled endpoint: the worker sends nothing to a disabled one (its deliveries
 * wait, paused), so queueing one there would only look like it did something. 409 otherwise; an
 * unknown endpoint is left to the redelivery's own 404.
 */
export async function assertEndpointEnabled(db: Db, id: string): Promise<void> {
  const [row] = await db
    .select({ enabled: webhookEndpoints.enabled, source: webhookEndpoints.source })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  if (row && !row.enabled)
    throw conflict(
      row.source === "env"
        ? "This endpoint is disabled (it is no longer in WEBHOOK_URLS); add it back to the variable to redeliver."
        : "This endpoint is disabled; enable it to redeliver (its waiting deliveries then go out too).",
    );
}

export async function deleteEndpoint(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.source, "console")))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

/**
 * Makes the `env` endpoints match WEBHOOK_URLS (`url|secret`, comma-separated): added, kept, or
 * disabled when removed from the variable (their delivery log stays). Run once at worker start.
 *
 * One endpoint per URL: a URL listed twice (or spelled twice, `https://Host:443/x` and `https://host/x`)
 * would otherwise get every event twice, under two signatures. The first listing wins; rows an older
 * version created for a duplicate are disabled, the oldest row of the URL is the one kept.
 */
export async function syncEnvEndpoints(db: Db, entries = config().WEBHOOK_URLS): Promise<void> {
  const wanted = new Map<string, { url: string; secret: string }>();
  for (const entry of entries) {
    const key = urlKey(entry.url);
    const first = wanted.get(key);
    if (!first) wanted.set(key, entry);
    else if (first.secret !== entry.secret)
      logger.warn(
        { url: redactedUrl(entry.url) },
        "WEBHOOK_URLS lists a URL twice with two secrets: the first is used",
      );
  }
  const existing = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.source, "env"))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  const kept = new Set<string>();
  for (const [key, entry] of wanted) {
    const found = existing.find((e) => urlKey(e.url) === key);
    if (found) kept.add(found.id);
    if (!found) await createEndpoint(db, { url: entry.url, events: [], secret: entry.secret }, "env");
    else if (found.secret !== entry.secret || !found.enabled)
      await db
        .update(webhookEndpoints)
        .set({ secret: entry.secret, enabled: true })
        .where(eq(webhookEndpoints.id, found.id));
  }
  for (const e of existing) {
    if (!kept.has(e.id) && e.enabled)
      await db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, e.id));
  }
}

/** The URL as a receiver sees it: the parser lower-cases the scheme and host and drops a default port. */
function urlKey(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/**
 * What the console's lists, the audit log and the logs show of an endpoint's URL: scheme, host and
 * port, then `/<hidden>` for the rest (and nothing of a userinfo). Receivers such as Slack's carry
 * their token in the path, and WEBHOOK_URLS is a secret variable (config's redactUrls, same form).
 * The endpoint's id is what identifies it; the console adds the secret's hint for people.
 */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname === "/" && !u.search && !u.hash ? u.origin : `${u.origin}/<hidden>`;
  } catch {
    return "<invalid>";
  }
}
