import { eq, sql } from "drizzle-orm";
import { type Hex, toHex } from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage, type SiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { sessions, siweNonces, users } from "@/db/schema";
import { ANVIL_KEYS, type Anvil, startAnvil } from "../../../scripts/lib/anvil";
import { openTestApp, type TestApp } from "../../../test/app-env";
import { freePort } from "../../../test/ports";
import { forgetSessions } from "./server/session-cache";

const SITE = "http://localhost:3000";

let anvil: Anvil;
let app: TestApp;
let handle: DbHandle;
// Route modules read the configuration on first use, so they are imported after the env is set.
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const NO_PARAMS = { params: Promise.resolve({}) };
let routes: {
  nonce: Handler;
  verify: Handler;
  session: Handler;
  logout: Handler;
};
let requireSession: (req: Request) => Promise<unknown>;

const alice = privateKeyToAccount(ANVIL_KEYS[2]);
const bob = privateKeyToAccount(ANVIL_KEYS[3]);
const carol = privateKeyToAccount(ANVIL_KEYS[4]);
const dave = privateKeyToAccount(ANVIL_KEYS[5]);
const erin = privateKeyToAccount(ANVIL_KEYS[6]);

beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() });
  app = await openTestApp("auth", {
    PUBLIC_URL: SITE,
    TESTNET_RPC_URL: anvil.url,
    SESSION_SECRET: undefined,
    SECURE_COOKIES: undefined,
  });
  handle = app.handle;
  routes = {
    nonce: (await import("@/app/api/auth/nonce/route")).GET,
    verify: (await import("@/app/api/auth/verify/route")).POST,
    session: (await import("@/app/api/auth/session/route")).GET,
    logout: (await import("@/app/api/auth/logout/route")).POST,
  };
  ({ requireSession } = await import("@/features/auth/server"));
});

afterAll(async () => {
  await app?.close();
  await anvil?.stop();
});

async function getNonce(): Promise<string> {
  const res = await routes.nonce(new Request(`${SITE}/api/auth/nonce`), NO_PARAMS);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const { nonce } = (await res.json()) as { nonce: string };
  return nonce;
}

async function signedMessage(
  account: PrivateKeyAccount,
  overrides: Partial<SiweMessage> = {},
): Promise<{ message: string; signature: Hex }> {
  const message = createSiweMessage({
    address: account.address,
    chainId: 99199,
    domain: "localhost:3000",
    nonce: overrides.nonce ?? (await getNonce()),
    uri: SITE,
    version: "1",
    issuedAt: new Date(),
    statement: "Sign in to Aurum.",
    ...overrides,
  });
  return { message, signature: await account.signMessage({ message }) };
}

function verify(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return routes.verify(
    new Request(`${SITE}/api/auth/verify`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    NO_PARAMS,
  );
}

function sessionCookie(res: Response): string | undefined {
  const line = res.headers.getSetCookie().find((c) => c.startsWith("aurum_session="));
  return line?.slice("aurum_session=".length).split(";")[0];
}

async function errorOf(res: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return { status: res.status, ...body.error };
}

async function signIn(
  account: PrivateKeyAccount,
  cookie?: string,
): Promise<{ res: Response; cookie: string }> {
  const res = await verify(await signedMessage(account), cookie ? { cookie } : {});
  expect(res.status).toBe(200);
  const value = sessionCookie(res);
  if (!value) throw new Error("no session cookie");
  return { res, cookie: `aurum_session=${value}` };
}

const userRow = async (address: string) =>
  (await handle.db.select().from(users).where(eq(users.address, address.toLowerCase())))[0];

describe("GET /api/auth/nonce", () => {
  it("issues distinct alphanumeric nonces and stores only their hash", async () => {
    const a = await getNonce();
    const b = await getNonce();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    const rows = await handle.db.select().from(siweNonces);
    expect(rows.some((r) => r.nonceHash === a)).toBe(false);
    const live = rows.filter((r) => r.expiresAt.getTime() > Date.now());
    expect(live.length).toBeGreaterThanOrEqual(2);
    // Ten minutes, give or take the test's own runtime.
    for (const r of live) expect(r.expiresAt.getTime() - r.createdAt.getTime()).toBe(600_000);
  });
});

describe("POST /api/auth/verify", () => {
  it("signs in: sets a signed httpOnly cookie, creates the user and a session row", async () => {
    const { res } = await signIn(alice);
    expect(await res.json()).toEqual({ address: alice.address });
    const line = res.headers.getSetCookie().find((c) => c.startsWith("aurum_session="))!;
    expect(line).toMatch(/^aurum_session=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43};/);
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=lax/i);
    expect(line).toMatch(/Path=\//);
    expect(line).toMatch(/Max-Age=604800/);
    expect(line).not.toMatch(/Secure/i); // PUBLIC_URL is http:// here
    // The other name is cleared (server/sessions.test.ts covers the HTTPS side).
    expect(res.headers.getSetCookie().find((c) => c.startsWith("__Host-aurum_session="))).toMatch(
      /Max-Age=0/,
    );

    const user = await userRow(alice.address);
    expect(user?.address).toBe(alice.address.toLowerCase());
    expect(user?.referralCode).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/);
    expect(user?.referrerId).toBeNull();
    const rows = await handle.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(rows).toHaveLength(1);
    // Only the hash is stored: the cookie's id is not in the table.
    const id = sessionCookie(res)!.split(".")[0]!;
    expect(rows[0]!.idHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.idHash).not.toContain(id);
  });

  it("refuses a replayed message (its nonce is used up)", async () => {
    const signed = await signedMessage(bob);
    expect((await verify(signed)).status).toBe(200);
    const again = await errorOf(await verify(signed));
    expect(again).toMatchObject({ status: 401, code: "NONCE_INVALID" });
    expect(again.message).toMatch(/already used/);
  });

  it("refuses a nonce the server never issued", async () => {
    const res = await verify(await signedMessage(bob, { nonce: "abcdef0123456789abcdef" }));
    expect(await errorOf(res)).toMatchObject({ status: 401, code: "NONCE_INVALID" });
  });

  it("refuses an expired nonce", async () => {
    const signed = await signedMessage(bob);
    await handle.db.update(siweNonces).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(await errorOf(await verify(signed))).toMatchObject({ status: 401, code: "NONCE_EXPIRED" });
  });

  it("refuses a message for another domain", async () => {
    const res = await verify(await signedMessage(bob, { domain: "evil.example" }));
    const err = await errorOf(res);
    expect(err).toMatchObject({ status: 401, code: "DOMAIN_MISMATCH" });
    expect(err.message).toContain("evil.example");
  });

  it("refuses the same host on another port or scheme", async () => {
    expect(await errorOf(await verify(await signedMessage(bob, { domain: "localhost:3001" })))).toMatchObject(
      {
        code: "DOMAIN_MISMATCH",
      },
    );
    expect(await errorOf(await verify(await signedMessage(bob, { scheme: "https" })))).toMatchObject({
      code: "DOMAIN_MISMATCH",
    });
  });

  it("refuses a message whose URI is another origin", async () => {
    const res = await verify(await signedMessage(bob, { uri: "https://evil.example/login" }));
    expect(await errorOf(res)).toMatchObject({ status: 401, code: "URI_MISMATCH" });
  });

  it("accepts a URI with a path on this origin", async () => {
    const res = await verify(await signedMessage(dave, { uri: `${SITE}/connect?next=%2Fswap` }));
    expect(res.status).toBe(200);
  });

  it("refuses an expired message", async () => {
    const res = await verify(await signedMessage(bob, { expirationTime: new Date(Date.now() - 1000) }));
    expect(await errorOf(res)).toMatchObject({ status: 401, code: "MESSAGE_EXPIRED" });
  });

  it("refuses a message whose notBefore is in the future", async () => {
    const res = await verify(await signedMessage(bob, { notBefore: new Date(Date.now() + 60_000) }));
    expect(await errorOf(res)).toMatchObject({ status: 401, code: "MESSAGE_NOT_YET_VALID" });
  });

  it("accepts a message within its validity window", async () => {
    const res = await verify(
      await signedMessage(dave, {
        notBefore: new Date(Date.now() - 60_000),
        expirationTime: new Date(Date.now() + 60_000),
      }),
    );
    expect(res.status).toBe(200);
  });

  it("refuses an unsupported chain", async () => {
    const res = await verify(await signedMessage(bob, { chainId: 1 }));
    const err = await errorOf(res);
    expect(err).toMatchObject({ status: 401, code: "CHAIN_UNSUPPORTED" });
    expect(err.message).toContain("Chain 1 ");
  });

  it("accepts BNB Smart Chain (56), checking a plain-key signature without any network call", async () => {
    const res = await verify(await signedMessage(dave, { chainId: 56 }));
    expect(res.status).toBe(200);
  });

  it("refuses a signature by another key, and does not use up the nonce", async () => {
    const nonce = await getNonce();
    const { message } = await signedMessage(bob, { nonce });
    const forged = await carol.signMessage({ message });
    expect(await errorOf(await verify({ message, signature: forged }))).toMatchObject({
      status: 401,
      code: "SIGNATURE_INVALID",
    });
    // The rightful signer can still use the nonce.
    expect((await verify({ message, signature: await bob.signMessage({ message }) })).status).toBe(200);
  });

  it("refuses a signature over a different text", async () => {
    const { message } = await signedMessage(bob);
    const signature = await bob.signMessage({ message: `${message}\n` });
    expect(await errorOf(await verify({ message, signature }))).toMatchObject({ code: "SIGNATURE_INVALID" });
  });

  it.each([
    ["not JSON", "{nope", "INVALID_JSON"],
    ["no fields", {}, "INVALID_INPUT"],
    ["a number as message", { message: 1, signature: `0x${"11".repeat(65)}` }, "INVALID_INPUT"],
    ["a non-hex signature", { message: "x", signature: "0xzz" }, "INVALID_INPUT"],
    ["a text that is not SIWE", { message: "hello", signature: `0x${"11".repeat(65)}` }, "INVALID_MESSAGE"],
  ])("answers 400 for %s", async (_, body, code) => {
    const err = await errorOf(await verify(body));
    expect(err).toMatchObject({ status: 400, code });
  });

  it("answers 400 INVALID_MESSAGE for a SIWE text with an unparsable date", async () => {
    const { message, signature } = await signedMessage(bob);
    const broken = message.replace(/Issued At: .*/, "Issued At: yesterday");
    expect(await errorOf(await verify({ message: broken, signature }))).toMatchObject({
      status: 400,
      code: "INVALID_MESSAGE",
    });
  });

  it("refuses a foreign Origin with 403 before looking at the body", async () => {
    const signed = await signedMessage(bob);
    const err = await errorOf(await verify(signed, { origin: "https://evil.example" }));
    expect(err).toMatchObject({ status: 403, code: "FOREIGN_ORIGIN" });
    // The nonce was not touched: the same message still works from this site.
    expect((await verify(signed)).status).toBe(200);
  });

  it("refuses a cross-site browser request without Origin (Sec-Fetch-Site)", async () => {
    const res = await routes.verify(
      new Request(`${SITE}/api/auth/verify`, {
        method: "POST",
        headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
        body: JSON.stringify(await signedMessage(bob)),
      }),
      NO_PARAMS,
    );
    expect(res.status).toBe(403);
  });

  it("gives exactly one session for 20 concurrent verifies with one nonce", async () => {
    const signed = await signedMessage(erin);
    const before = (await handle.db.select().from(sessions)).length;
    const results = await Promise.all(Array.from({ length: 20 }, () => verify(signed)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(19);
    for (const r of results.filter((x) => x.status === 401)) {
      expect((await errorOf(r)).code).toBe("NONCE_INVALID");
    }
    expect((await handle.db.select().from(sessions)).length).toBe(before + 1);
    expect(
      await handle.db.select().from(users).where(eq(users.address, erin.address.toLowerCase())),
    ).toHaveLength(1);
  });

  it("creates one user when a new wallet signs in from two tabs at once", async () => {
    const fresh = privateKeyToAccount(`0x${"44".repeat(32)}`);
    const signed = await Promise.all(Array.from({ length: 5 }, () => signedMessage(fresh)));
    const results = await Promise.all(signed.map((m) => verify(m)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(
      await handle.db.select().from(users).where(eq(users.address, fresh.address.toLowerCase())),
    ).toHaveLength(1);
  });

  it("replaces the browser's previous session on a new sign-in", async () => {
    const first = await signIn(dave);
    const second = await signIn(dave, first.cookie);
    const sessionOf = (cookie: string) =>
      routes.session(new Request(`${SITE}/api/auth/session`, { headers: { cookie } }), NO_PARAMS);
    expect((await sessionOf(first.cookie)).status).toBe(401);
    expect((await sessionOf(second.cookie)).status).toBe(200);
  });
});

describe("smart accounts (ERC-1271 via the chain RPC)", () => {
  async function setCode(address: Hex, code: Hex) {
    const res = await fetch(anvil.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_setCode", params: [address, code] }),
    });
    expect(res.ok).toBe(true);
  }
  // Runtime code whose isValidSignature answers a fixed 4-byte value for any input:
  // PUSH4 v, PUSH1 224, SHL, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN.
  const wallet = (magic: string) => `0x63${magic}60e01b60005260206000f3` as Hex;

  async function smartSignIn(account: Hex) {
    const message = createSiweMessage({
      address: account,
      chainId: 99199,
      domain: "localhost:3000",
      nonce: await getNonce(),
      uri: SITE,
      version: "1",
      issuedAt: new Date(),
    });
    // Not an ECDSA signature of `account`: only the contract can vouch for it.
    return verify({ message, signature: toHex(crypto.getRandomValues(new Uint8Array(65))) });
  }

  it("accepts a contract wallet that approves the signature", async () => {
    const account = "0x1271000000000000000000000000000000000001" as Hex;
    await setCode(account, wallet("1626ba7e"));
    const res = await smartSignIn(account);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ address: "0x1271000000000000000000000000000000000001" });
  });

  it("refuses a contract wallet that rejects the signature", async () => {
    const account = "0x1271000000000000000000000000000000000002" as Hex;
    await setCode(account, wallet("ffffffff"));
    expect(await errorOf(await smartSignIn(account))).toMatchObject({
      status: 401,
      code: "SIGNATURE_INVALID",
    });
  });
});

describe("session and logout", () => {
  const getSession = (cookie?: string) =>
    routes.session(new Request(`${SITE}/api/auth/session`, { headers: cookie ? { cookie } : {} }), NO_PARAMS);
  const logout = (cookie?: string, origin = SITE) =>
    routes.logout(
      new Request(`${SITE}/api/auth/logout`, {
        method: "POST",
        headers: { origin, ...(cookie ? { cookie } : {}) },
      }),
      NO_PARAMS,
    );

  it("answers the signed-in address, or 401 without a session", async () => {
    const { cookie } = await signIn(alice);
    const res = await getSession(cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ address: alice.address });
    expect(await errorOf(await getSession())).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    expect((await getSession("aurum_session=forged.value")).status).toBe(401);
  });

  it("logout deletes the row and clears the cookie; the old cookie stops working", async () => {
    const { cookie } = await signIn(alice);
    const res = await logout(cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.getSetCookie().find((c) => c.startsWith("aurum_session="))).toMatch(/Max-Age=0/);
    // Both names (session-cookie.ts, sessionCookieName): a __Host- copy left from HTTPS goes too.
    expect(res.headers.getSetCookie().find((c) => c.startsWith("__Host-aurum_session="))).toMatch(
      /Max-Age=0/,
    );

    const id = cookie.slice("aurum_session=".length).split(".")[0]!;
    const { sha256Hex } = await import("./session-cookie");
    expect(
      await handle.db
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, await sha256Hex(id))),
    ).toHaveLength(0);

    // The signature is still valid (the proxy would pass it), but the row is gone.
    const after = await getSession(cookie);
    expect(after.status).toBe(401);
    expect(after.headers.getSetCookie().find((c) => c.startsWith("aurum_session="))).toMatch(/Max-Age=0/);
    await expect(requireSession(new Request(`${SITE}/api/x`, { headers: { cookie } }))).rejects.toMatchObject(
      { status: 401 },
    );
  });

  it("an expired session row no longer counts", async () => {
    const { cookie } = await signIn(carol);
    expect((await getSession(cookie)).status).toBe(200);
    const user = await userRow(carol.address);
    await handle.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user!.id));
    // SQL by hand, behind the app's back: the in-process session cache (server/session-cache.ts)
    // sees it only after its TTL, so forget it here as an app write would.
    forgetSessions(handle.db);
    expect((await getSession(cookie)).status).toBe(401);
  });

  it("logout without a session is harmless; from a foreign origin it is refused", async () => {
    expect((await logout()).status).toBe(200);
    const { cookie } = await signIn(alice);
    expect((await logout(cookie, "https://evil.example")).status).toBe(403);
    expect((await getSession(cookie)).status).toBe(200);
  });
});

describe("referrals at first sign-in", () => {
  const referee = privateKeyToAccount(ANVIL_KEYS[7]);
  const selfReferrer = privateKeyToAccount(ANVIL_KEYS[8]);
  const stranger = privateKeyToAccount(ANVIL_KEYS[9]);

  it("binds the owner of a valid aurum_ref code (any letter case)", async () => {
    await signIn(alice);
    const aliceRow = await userRow(alice.address);
    await signIn(referee, `aurum_ref=${aliceRow!.referralCode.toLowerCase()}`);
    expect((await userRow(referee.address))?.referrerId).toBe(aliceRow!.id);
  });

  it("never re-binds an existing user", async () => {
    const bobRow = await userRow(bob.address);
    await signIn(referee, `aurum_ref=${bobRow!.referralCode}`);
    const aliceRow = await userRow(alice.address);
    expect((await userRow(referee.address))?.referrerId).toBe(aliceRow!.id);
  });

  it("refuses self-referral: an existing user's own code never binds them", async () => {
    await signIn(selfReferrer);
    const own = await userRow(selfReferrer.address);
    await signIn(selfReferrer, `aurum_ref=${own!.referralCode}`);
    expect((await userRow(selfReferrer.address))?.referrerId).toBeNull();
  });

  it("ignores malformed and unknown codes", async () => {
    await signIn(stranger, "aurum_ref=ZZZZZZZZ; other=1");
    expect((await userRow(stranger.address))?.referrerId).toBeNull();
    const { findOrCreateUser } = await import("./server/users");
    const fresh = privateKeyToAccount(`0x${"42".repeat(32)}`);
    const { user, created } = await findOrCreateUser(handle.db, fresh.address, "not-a-code");
    expect(created).toBe(true);
    expect(user.referrerId).toBeNull();
  });

  it("the database refuses self-referral even if code paths change", async () => {
    const row = await userRow(alice.address);
    await expect(
      handle.db.update(users).set({ referrerId: row!.id }).where(eq(users.id, row!.id)),
    ).rejects.toThrow();
  });
});

describe("helpers for other features", () => {
  it("createTestSession gives a cookie the session route accepts", async () => {
    const { createTestSession } = await import("./testing");
    const account = privateKeyToAccount(`0x${"43".repeat(32)}`);
    const { cookieHeader, user } = await createTestSession(account.address);
    const res = await routes.session(
      new Request(`${SITE}/api/auth/session`, { headers: { cookie: cookieHeader } }),
      NO_PARAMS,
    );
    expect(await res.json()).toEqual({ address: account.address });
    expect(user.address).toBe(account.address);
  });
});
