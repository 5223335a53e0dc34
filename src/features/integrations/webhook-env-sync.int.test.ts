// WEBHOOK_URLS endpoints (docs/integrations.md, "Outgoing webhooks"): one endpoint per URL, so a
// URL listed twice never receives every event twice.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { logger } from "@/server/logger";
import { emitEvent } from "@/server/webhook-outbox";
import { testDb } from "../../../test/db";
import { syncEnvEndpoints } from "./server/webhooks";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());
beforeEach(async () => {
  await handle.db.delete(webhookEndpoints);
});

const SECRET_A = "a".repeat(32);
const SECRET_B = "b".repeat(32);
const envRows = () => handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.source, "env"));

describe("syncEnvEndpoints", () => {
  it("creates one endpoint for a URL listed twice, and keeps it one on every later start", async () => {
    const url = "https://hooks.example/aurum";
    const entries = [
      { url, secret: SECRET_A },
      { url, secret: SECRET_A },
    ];
    await syncEnvEndpoints(handle.db, entries);
    await syncEnvEndpoints(handle.db, entries);
    const rows = await envRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ url, secret: SECRET_A, enabled: true });

    await emitEvent(handle.db, "task.completed", `dup-${crypto.randomUUID()}`, { n: 1 });
    const deliveries = await handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, rows[0]!.id));
    expect(deliveries).toHaveLength(1);
  });

  it("treats two spellings of one URL as one; the first listing's secret wins, with a warning", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    try {
      await syncEnvEndpoints(handle.db, [
        { url: "https://Hooks.Example:443/x", secret: SECRET_A },
        { url: "https://hooks.example/x", secret: SECRET_B },
      ]);
      const rows = await envRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.secret).toBe(SECRET_A);
      expect(warn).toHaveBeenCalledTimes(1);
      // The warning names the host, never a secret or the path (which may carry a token).
      expect(JSON.stringify(warn.mock.calls)).not.toMatch(/a{32}|b{32}|\/x/);
    } finally {
      warn.mockRestore();
    }
  });

  it("disables the duplicate rows an earlier start created, keeping the oldest", async () => {
    const url = "https://hooks.example/twice";
    const [older] = await handle.db
      .insert(webhookEndpoints)
      .values({ url, secret: SECRET_A, source: "env", createdAt: new Date(Date.now() - 60_000) })
      .returning();
    const [newer] = await handle.db
      .insert(webhookEndpoints)
      .values({ url, secret: SECRET_A, source: "env" })
      .returning();
    await syncEnvEndpoints(handle.db, [{ url, secret: SECRET_A }]);
    const byId = new Map((await envRows()).map((r) => [r.id, r.enabled]));
    expect(byId.get(older!.id)).toBe(true);
    expect(byId.get(newer!.id)).toBe(false);
  });

  it("still disables a URL removed from the variable and keeps the others", async () => {
    await syncEnvEndpoints(handle.db, [
      { url: "https://a.example/h", secret: SECRET_A },
      { url: "https://b.example/h", secret: SECRET_B },
    ]);
    await syncEnvEndpoints(handle.db, [{ url: "https://b.example/h", secret: SECRET_B }]);
    const rows = await envRows();
    expect(Object.fromEntries(rows.map((r) => [r.url, r.enabled]))).toEqual({
      "https://a.example/h": false,
      "https://b.example/h": true,
    });
  });
});
