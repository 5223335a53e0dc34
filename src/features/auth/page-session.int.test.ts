import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/server/config";
import { ANVIL_KEYS } from "../../../scripts/lib/anvil";
import { openTestApp, type TestApp } from "../../../test/app-env";

// Server components read the request's Cookie header through next/headers; here the "request" is
// this variable (a whole header when `rawCookieHeader` is set, else one aurum_session cookie).
let cookieValue: string | undefined;
let rawCookieHeader: string | undefined;
vi.mock("next/headers", () => ({
  headers: async () => {
    const cookie = rawCookieHeader ?? (cookieValue ? `aurum_session=${cookieValue}` : undefined);
    return new Headers(cookie ? { cookie } : {});
  },
}));

let app: TestApp;
beforeAll(async () => {
  app = await openTestApp("page-session", { SECURE_COOKIES: undefined });
});
afterAll(() => app?.close());

describe("session helpers for server pages", () => {
  it("getCurrentSession reads the cookie and the row; requirePageSession passes", async () => {
    const { getCurrentSession, requirePageSession } = await import("./server");
    const { createTestSession } = await import("./testing");
    const account = privateKeyToAccount(ANVIL_KEYS[2]);
    const { cookieHeader, user } = await createTestSession(account.address);
    cookieValue = cookieHeader.slice("aurum_session=".length);
    const session = await getCurrentSession();
    expect(session).toMatchObject({ userId: user.id, address: account.address });
    expect(session?.expiresAt.getTime()).toBeGreaterThan(Date.now());
    await expect(requirePageSession("/wallet")).resolves.toMatchObject({ userId: user.id });
  });

  it("requirePageSession redirects to /connect?next=… without a live session", async () => {
    const { requirePageSession, getCurrentSession } = await import("./server");
    for (const value of [undefined, "forged.cookie"]) {
      cookieValue = value;
      expect(await getCurrentSession()).toBeNull();
      const err = (await requirePageSession("/news/launch?x=1").catch((e: unknown) => e)) as {
        digest?: string;
      };
      // next/navigation's redirect() throws an error whose digest carries the target.
      expect(err.digest).toContain("/connect?next=%2Fnews%2Flaunch%3Fx%3D1");
    }
  });

  it("a signed-out session (row deleted, cookie still validly signed) is redirected", async () => {
    const { requirePageSession } = await import("./server");
    const { createTestSession } = await import("./testing");
    const { deleteSessionByCookieValue } = await import("./server/sessions");
    const { cookieHeader } = await createTestSession(privateKeyToAccount(ANVIL_KEYS[3]).address);
    cookieValue = cookieHeader.slice("aurum_session=".length);
    await expect(requirePageSession("/swap")).resolves.toBeTruthy();
    expect(await deleteSessionByCookieValue(cookieValue)).toBe(true);
    const err = (await requirePageSession("/swap").catch((e: unknown) => e)) as { digest?: string };
    expect(err.digest).toContain("/connect?next=%2Fswap");
  });

  it("with two aurum_session cookies, pages and the API read the same one (first validly signed)", async () => {
    const { getCurrentSession, requireSession } = await import("./server");
    const { createTestSession } = await import("./testing");
    const { newSessionId, signSessionId } = await import("./session-cookie");
    const a = await createTestSession(privateKeyToAccount(ANVIL_KEYS[4]).address);
    const b = await createTestSession(privateKeyToAccount(ANVIL_KEYS[5]).address);
    const forged = await signSessionId(newSessionId(), "x".repeat(64));
    const api = (cookie: string) =>
      requireSession(new Request("http://localhost:3000/api/x", { headers: { cookie } })).catch(() => null);
    const cases: [string, string | null][] = [
      [`${a.cookieHeader}; ${b.cookieHeader}`, a.user.id],
      [`${b.cookieHeader}; ${a.cookieHeader}`, b.user.id],
      [`aurum_session=${forged}; ${b.cookieHeader}`, b.user.id],
      [`aurum_session=garbage; ${a.cookieHeader}; theme=dark`, a.user.id],
    ];
    try {
      for (const [header, expected] of cases) {
        rawCookieHeader = header;
        expect((await getCurrentSession())?.userId ?? null).toBe(expected);
        expect(((await api(header)) as { userId: string } | null)?.userId ?? null).toBe(expected);
      }
    } finally {
      rawCookieHeader = undefined;
    }
  });

  it("with Secure cookies, pages and the API read only __Host-aurum_session: a planted plain one is ignored", async () => {
    const { getCurrentSession, requireSession } = await import("./server");
    const { createTestSession } = await import("./testing");
    process.env.SECURE_COOKIES = "true";
    resetConfigForTests();
    try {
      const victim = await createTestSession(privateKeyToAccount(ANVIL_KEYS[6]).address);
      const attacker = await createTestSession(privateKeyToAccount(ANVIL_KEYS[7]).address);
      expect(victim.cookieHeader).toMatch(/^__Host-aurum_session=/);
      // The attacker's own live session under the plain name, as a sibling subdomain plants it
      // (`Domain=.example.org; Path=/api`: the browser sends it first).
      const planted = attacker.cookieHeader.replace(/^__Host-/, "");
      const api = (cookie: string) =>
        requireSession(new Request("https://localhost:3000/api/x", { headers: { cookie } })).catch(
          () => null,
        );
      const cases: [string, string | null][] = [
        [`${planted}; ${victim.cookieHeader}`, victim.user.id],
        [`${victim.cookieHeader}; ${planted}`, victim.user.id],
        // No transition: a plain cookie alone (planted, or set before the upgrade) signs nobody in.
        [planted, null],
      ];
      for (const [header, expected] of cases) {
        rawCookieHeader = header;
        expect((await getCurrentSession())?.userId ?? null).toBe(expected);
        expect(((await api(header)) as { userId: string } | null)?.userId ?? null).toBe(expected);
      }
    } finally {
      rawCookieHeader = undefined;
      delete process.env.SECURE_COOKIES;
      resetConfigForTests();
    }
  });
});
