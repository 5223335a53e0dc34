import { eq } from "drizzle-orm";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { sessions } from "@/db/schema";
import { ANVIL_KEYS } from "../../../scripts/lib/anvil";
import { openTestApp, type TestApp } from "../../../test/app-env";

// The in-process session cache (server/session-cache.ts): on PGlite a read after any session write
// of the app is fresh; on PostgreSQL (shared by several processes) nothing is cached at all.

let app: TestApp;
let handle: DbHandle;
beforeAll(async () => {
  app = await openTestApp("session-cache");
  handle = app.handle;
});
afterAll(() => app?.close());

const cookieValueOf = (header: string) => header.slice("aurum_session=".length);

describe("session cache", () => {
  it("sign-out makes the very next read refuse the cookie", async () => {
    const { sessionFromCookieValue, deleteSessionByCookieValue } = await import("./server/sessions");
    const { createTestSession } = await import("./testing");
    const { cookieHeader, user } = await createTestSession(privateKeyToAccount(ANVIL_KEYS[3]).address);
    const value = cookieValueOf(cookieHeader);
    expect(await sessionFromCookieValue(value, handle.db)).toMatchObject({ userId: user.id });
    // Read twice: the second may come from the cache, and must be the same session.
    expect(await sessionFromCookieValue(value, handle.db)).toMatchObject({ userId: user.id });
    expect(await deleteSessionByCookieValue(value, handle.db)).toBe(true);
    expect(await sessionFromCookieValue(value, handle.db)).toBeNull();
  });

  it("sign out everywhere makes every cached session of the wallet stale at once", async () => {
    const { sessionFromCookieValue, deleteAllSessionsOfUser } = await import("./server/sessions");
    const { createTestSession } = await import("./testing");
    const address = privateKeyToAccount(ANVIL_KEYS[4]).address;
    const a = await createTestSession(address);
    const b = await createTestSession(address);
    for (const s of [a, b])
      expect(await sessionFromCookieValue(cookieValueOf(s.cookieHeader), handle.db)).not.toBeNull();
    expect(await deleteAllSessionsOfUser(handle.db, a.user.id)).toBe(2);
    for (const s of [a, b])
      expect(await sessionFromCookieValue(cookieValueOf(s.cookieHeader), handle.db)).toBeNull();
  });

  it("caches on PGlite only; a row deleted by hand is seen at once on PostgreSQL", async () => {
    const { sessionFromCookieValue } = await import("./server/sessions");
    const { cachedSession, forgetSessions } = await import("./server/session-cache");
    const { createTestSession } = await import("./testing");
    const { cookieHeader, session } = await createTestSession(privateKeyToAccount(ANVIL_KEYS[5]).address);
    const value = cookieValueOf(cookieHeader);
    expect(await sessionFromCookieValue(value, handle.db)).not.toBeNull();
    const cached = cachedSession(handle.db, session.sessionId);
    await handle.db.delete(sessions).where(eq(sessions.idHash, session.sessionId));
    if (handle.kind === "pglite") {
      expect(cached).toMatchObject({ userId: session.userId });
      // Behind the app's back: served until the TTL (documented bound) or the next app write.
      expect(await sessionFromCookieValue(value, handle.db)).not.toBeNull();
      forgetSessions(handle.db);
    } else {
      expect(cached).toBeUndefined();
    }
    expect(await sessionFromCookieValue(value, handle.db)).toBeNull();
  });

  it("never serves a cached row past its own expiry", async () => {
    const { cachedSession, rememberSession } = await import("./server/session-cache");
    const expiresAt = new Date(Date.now() + 1_000);
    rememberSession(handle.db, "h1", { userId: "u", address: "0x0", expiresAt });
    const seen = handle.kind === "pglite" ? { userId: "u" } : undefined;
    if (seen) expect(cachedSession(handle.db, "h1")).toMatchObject(seen);
    expect(cachedSession(handle.db, "h1", expiresAt.getTime())).toBeUndefined();
  });
});
