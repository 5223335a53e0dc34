import { eq } from "drizzle-orm";
import { type Hex, toHex } from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage, type SiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { sessions, users } from "@/db/schema";
import { CLIENT_IP_HEADER, HTTP_ENTRY_ENV } from "@/server/client-ip";
import { resetConfigForTests } from "@/server/config";
import { ANVIL_KEYS, type Anvil, startAnvil } from "../../../scripts/lib/anvil";
import { openTestApp, type TestApp } from "../../../test/app-env";
import { freePort } from "../../../test/ports";
import { awayFromWindowEdge } from "../../../test/rate-window";

// Issue 10: nonce failure limit, Issued At window, strict messages, session cap, sign out
// everywhere, per-client limits on verify, and 503 (not 401) when a smart account cannot be checked.
const SITE = "http://localhost:3000";
const NO_PARAMS = { params: Promise.resolve({}) };
type Handler = (req: Request, ctx: typeof NO_PARAMS) => Promise<Response>;

let anvil: Anvil;
let app: TestApp;
let handle: DbHandle;
let routes: { nonce: Handler; verify: Handler; session: Handler; logoutAll: Handler };

const alice = privateKeyToAccount(ANVIL_KEYS[2]);
const bob = privateKeyToAccount(ANVIL_KEYS[3]);
const carol = privateKeyToAccount(ANVIL_KEYS[4]);

beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() });
  app = await openTestApp("abuse", {
    PUBLIC_URL: SITE,
    TESTNET_RPC_URL: anvil.url,
    SESSION_MAX_PER_ADDRESS: "3",
    TRUST_PROXY_HOPS: undefined,
    [HTTP_ENTRY_ENV]: undefined,
  });
  handle = app.handle;
  routes = {
    nonce: (await import("@/app/api/auth/nonce/route")).GET as unknown as Handler,
    verify: (await import("@/app/api/auth/verify/route")).POST as unknown as Handler,
    session: (await import("@/app/api/auth/session/route")).GET as unknown as Handler,
    logoutAll: (await import("@/app/api/auth/logout-all/route")).POST as unknown as Handler,
  };
});

afterAll(async () => {
  await app?.close();
  await anvil?.stop();
});

async function getNonce(): Promise<string> {
  const res = await routes.nonce(new Request(`${SITE}/api/auth/nonce`), NO_PARAMS);
  expect(res.status).toBe(200);
  return ((await res.json()) as { nonce: string }).nonce;
}

async function message(account: { address: Hex }, overrides: Partial<SiweMessage> = {}): Promise<string> {
  return createSiweMessage({
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
}

function verify(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return routes.verify(
    new Request(`${SITE}/api/auth/verify`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE, ...headers },
      body: JSON.stringify(body),
    }),
    NO_PARAMS,
  );
}

async function errorOf(res: Response) {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return { status: res.status, ...body.error };
}

async function signIn(account: PrivateKeyAccount): Promise<string> {
  const text = await message(account);
  const res = await verify({ message: text, signature: await account.signMessage({ message: text }) });
  expect(res.status).toBe(200);
  const line = res.headers.getSetCookie().find((c) => c.startsWith("aurum_session="));
  return line?.split(";")[0] ?? "";
}

const sessionStatus = async (cookie: string) =>
  (await routes.session(new Request(`${SITE}/api/auth/session`, { headers: { cookie } }), NO_PARAMS)).status;

describe("a nonce dies after 5 failed attempts", () => {
  it("refuses the right signature after 5 wrong ones", async () => {
    const text = await message(alice);
    const wrong = await bob.signMessage({ message: text });
    for (let i = 0; i < 5; i++) {
      expect(await errorOf(await verify({ message: text, signature: wrong }))).toMatchObject({
        status: 401,
        code: "SIGNATURE_INVALID",
      });
    }
    const right = await alice.signMessage({ message: text });
    expect(await errorOf(await verify({ message: text, signature: right }))).toMatchObject({
      status: 401,
      code: "NONCE_INVALID",
    });
  });

  it("still signs in after 4 failures of any kind", async () => {
    const nonce = await getNonce();
    const text = await message(alice, { nonce });
    await verify({ message: text, signature: await bob.signMessage({ message: text }) });
    for (const bad of [{ domain: "evil.example" }, { chainId: 1 }, { uri: "https://evil.example" }]) {
      const other = await message(alice, { nonce, ...bad });
      expect(
        (await verify({ message: other, signature: await alice.signMessage({ message: other }) })).status,
      ).toBe(401);
    }
    expect(
      (await verify({ message: text, signature: await alice.signMessage({ message: text }) })).status,
    ).toBe(200);
  });
});

describe("Issued At and strict messages", () => {
  async function attempt(overrides: Partial<SiweMessage>) {
    const text = await message(alice, overrides);
    return verify({ message: text, signature: await alice.signMessage({ message: text }) });
  }
  const now = () => Date.now();

  it("refuses an Issued At more than 60 s in the future, accepts 30 s of skew", async () => {
    expect(await errorOf(await attempt({ issuedAt: new Date(now() + 120_000) }))).toMatchObject({
      status: 401,
      code: "MESSAGE_NOT_YET_VALID",
    });
    expect((await attempt({ issuedAt: new Date(now() + 30_000) })).status).toBe(200);
  });

  it("refuses an Issued At older than the nonce's lifetime, even with a future Expiration Time", async () => {
    const res = await attempt({
      issuedAt: new Date(now() - 11 * 60_000),
      expirationTime: new Date(now() + 3600_000),
    });
    expect(await errorOf(res)).toMatchObject({ status: 401, code: "MESSAGE_EXPIRED" });
  });

  it("refuses a past Expiration Time written after Not Before (out of order) as not EIP-4361", async () => {
    const base = await message(alice);
    const past = new Date(now() - 60_000).toISOString();
    const text = `${base}\nNot Before: ${new Date(now() - 120_000).toISOString()}\nExpiration Time: ${past}`;
    const res = await verify({ message: text, signature: await alice.signMessage({ message: text }) });
    expect(await errorOf(res)).toMatchObject({ status: 400, code: "INVALID_MESSAGE" });
  });

  it("refuses a time written with second 60 (an Invalid Date in JavaScript would skip the time checks)", async () => {
    const base = await message(alice);
    for (const line of ["Expiration Time: 2020-01-01T00:00:60Z", "Not Before: 2099-01-01T00:00:60Z"]) {
      const text = `${base}\n${line}`;
      const res = await verify({ message: text, signature: await alice.signMessage({ message: text }) });
      expect(await errorOf(res)).toMatchObject({ status: 400, code: "INVALID_MESSAGE" });
    }
  });

  it("refuses a message with an extra line, even correctly signed", async () => {
    const text = `${await message(alice)}\nNote: click here`;
    const res = await verify({ message: text, signature: await alice.signMessage({ message: text }) });
    expect(await errorOf(res)).toMatchObject({ status: 400, code: "INVALID_MESSAGE" });
  });
});

describe("live sessions per address are capped", () => {
  it("keeps the newest SESSION_MAX_PER_ADDRESS (3) sessions; the oldest is signed out", async () => {
    const cookies: string[] = [];
    for (let i = 0; i < 4; i++) cookies.push(await signIn(carol));
    const [user] = await handle.db.select().from(users).where(eq(users.address, carol.address.toLowerCase()));
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(3);
    expect(await sessionStatus(cookies[0]!)).toBe(401);
    for (const c of cookies.slice(1)) expect(await sessionStatus(c)).toBe(200);
  });
});

describe("POST /api/auth/logout-all", () => {
  const logoutAll = (cookie?: string, origin = SITE) =>
    routes.logoutAll(
      new Request(`${SITE}/api/auth/logout-all`, {
        method: "POST",
        headers: { origin, ...(cookie ? { cookie } : {}) },
      }),
      NO_PARAMS,
    );

  it("signs the wallet out on every device, and no one else", async () => {
    const first = await signIn(bob);
    const second = await signIn(bob);
    const other = await signIn(alice);
    expect(await errorOf(await logoutAll(first, "https://evil.example"))).toMatchObject({ status: 403 });
    const res = await logoutAll(first);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, signedOut: 2 });
    expect(res.headers.getSetCookie().find((c) => c.startsWith("aurum_session="))).toMatch(/Max-Age=0/);
    expect(await sessionStatus(first)).toBe(401);
    expect(await sessionStatus(second)).toBe(401);
    expect(await sessionStatus(other)).toBe(200);
    expect(await errorOf(await logoutAll())).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  });
});

describe("verify is limited per client", () => {
  const junk = { message: "x", signature: `0x${"1".repeat(130)}` };

  it("behind the HTTP entry: 30 per minute per socket address", async () => {
    process.env[HTTP_ENTRY_ENV] = "1";
    try {
      await awayFromWindowEdge();
      const got: number[] = [];
      for (let i = 0; i < 31; i++) {
        got.push(
          (await verify(junk, { [CLIENT_IP_HEADER]: "192.0.2.10", "x-forwarded-for": `203.0.113.${i}` }))
            .status,
        );
      }
      expect(got.slice(0, 30).every((s) => s === 400)).toBe(true);
      expect(got[30]).toBe(429);
      expect((await verify(junk, { [CLIENT_IP_HEADER]: "192.0.2.11" })).status).toBe(400);
    } finally {
      delete process.env[HTTP_ENTRY_ENV];
    }
  });

  it("behind one trusted proxy (TRUST_PROXY_HOPS=1): by the address the proxy appended", async () => {
    process.env.TRUST_PROXY_HOPS = "1";
    resetConfigForTests();
    try {
      await awayFromWindowEdge();
      const got: number[] = [];
      for (let i = 0; i < 31; i++) {
        got.push((await verify(junk, { "x-forwarded-for": `6.6.6.${i}, 198.51.100.7` })).status);
      }
      expect(got.slice(0, 30).every((s) => s === 400)).toBe(true);
      expect(got[30]).toBe(429);
      expect((await verify(junk, { "x-forwarded-for": "198.51.100.8" })).status).toBe(400);
    } finally {
      delete process.env.TRUST_PROXY_HOPS;
      resetConfigForTests();
    }
  });
});

// Last: it stops the chain.
describe("smart-account sign-in with the chain unreachable", () => {
  it("answers 503 SIGNATURE_CHECK_UNAVAILABLE with Retry-After, not 401, and keeps the nonce", async () => {
    const account = "0x1271000000000000000000000000000000000009" as Hex;
    const nonce = await getNonce();
    const text = await message({ address: account }, { nonce });
    await anvil.stop();
    const res = await verify({ message: text, signature: toHex(crypto.getRandomValues(new Uint8Array(65))) });
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await errorOf(res)).toMatchObject({ status: 503, code: "SIGNATURE_CHECK_UNAVAILABLE" });
    // An outage is not the client's fault: it did not count as a failed attempt.
    const { siweNonces } = await import("@/db/schema");
    const { sha256Hex } = await import("./session-cookie");
    const rows = await handle.db
      .select({ n: siweNonces.failedAttempts })
      .from(siweNonces)
      .where(eq(siweNonces.nonceHash, await sha256Hex(nonce)));
    expect(rows).toEqual([{ n: 0 }]);
  });
});
