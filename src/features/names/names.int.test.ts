import { eq, sql } from "drizzle-orm";
import { type Hex, toHex } from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { accountNames, auditLog, nameNonces } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import { ANVIL_KEYS, type Anvil, startAnvil } from "../../../scripts/lib/anvil";
import { openTestApp, type TestApp } from "../../../test/app-env";
import { freePort } from "../../../test/ports";
import { awayFromWindowEdge } from "../../../test/rate-window";

// The names API end to end on real PGlite/PostgreSQL and Anvil: routes called as Next calls them.

const SITE = "http://localhost:3000";
const COIN_TYPE = 0x80000000 + 99199;

type RouteFn = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
let anvil: Anvil;
let app: TestApp;
let handle: DbHandle;
let r: {
  lookup: RouteFn;
  reverse: RouteFn;
  suggestions: RouteFn;
  message: RouteFn;
  register: RouteFn;
  revoke: RouteFn;
};
let namesFor: (db: DbHandle["db"], a: string[]) => Promise<Map<string, string>>;

const admin = privateKeyToAccount(ANVIL_KEYS[9]);

beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() });
  app = await openTestApp("names", {
    PUBLIC_URL: SITE,
    TESTNET_RPC_URL: anvil.url,
    ADMIN_ADDRESSES: admin.address,
    NAMES_DENY_LIST: "scam,fake-team",
    NAMES_RENAME_COOLDOWN_SECONDS: "86400",
    NAMES_ZONE: undefined,
    PRODUCT_NAME: undefined,
  });
  handle = app.handle;
  r = {
    lookup: (await import("@/app/api/profile/account/[name]/route")).GET as unknown as RouteFn,
    reverse: (await import("@/app/api/profile/reverse/[address]/route")).GET as unknown as RouteFn,
    suggestions: (await import("@/app/api/profile/suggestions/[name]/route")).GET as unknown as RouteFn,
    message: (await import("@/app/api/profile/message/route")).GET as unknown as RouteFn,
    register: (await import("@/app/api/profile/account/route")).POST as unknown as RouteFn,
    revoke: (await import("@/app/api/admin/names/[name]/route")).DELETE as unknown as RouteFn,
  };
  ({ namesFor } = await import("@/features/names/server"));
});

afterAll(async () => {
  await app?.close();
  await anvil?.stop();
});

afterEach(() => {
  vi.useRealTimers();
});

const params = (p: Record<string, string> = {}) => ({ params: Promise.resolve(p) });
const get = (url: string, cookie?: string) =>
  new Request(`${SITE}${url}`, { headers: cookie ? { cookie } : {} });

async function body<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
type Err = { error: { code: string; message: string }; suggestions?: string[] };

/** A fresh signed-in participant (a new key each time, so tests never share names or cooldowns). */
async function participant(): Promise<{ account: PrivateKeyAccount; cookie: string }> {
  const key = toHex(crypto.getRandomValues(new Uint8Array(32)));
  const account = privateKeyToAccount(key);
  const { cookieHeader } = await createTestSession(account.address);
  return { account, cookie: cookieHeader };
}

async function messageFor(cookie: string, name: string, address: string, extra = "") {
  return r.message(
    get(`/api/profile/message?name=${encodeURIComponent(name)}&address=${address}${extra}`, cookie),
    params(),
  );
}

function post(cookie: string, payload: unknown): Request {
  return new Request(`${SITE}/api/profile/account`, {
    method: "POST",
    headers: { cookie, origin: SITE, "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
}

/** Asks for the message, signs it with personal_sign, posts it: the modal's three steps. */
async function signedBody(who: { account: PrivateKeyAccount; cookie: string }, name: string) {
  const res = await messageFor(who.cookie, name, who.account.address);
  expect(res.status).toBe(200);
  const m = await body<{ message: string; coin_type: number }>(res);
  const signature = await who.account.signMessage({ message: m.message });
  return { coin_type: m.coin_type, address: who.account.address, message: m.message, signature };
}

async function register(who: { account: PrivateKeyAccount; cookie: string }, name: string) {
  return r.register(post(who.cookie, await signedBody(who, name)), params());
}

describe("registration", () => {
  it("registers a name: 201, then lookup, reverse lookup and namesFor know it", async () => {
    const alice = await participant();
    const res = await register(alice, "Alice");
    expect(res.status).toBe(201);
    const { record } = await body<{ success: true; record: { name: string; registered_at: number } }>(res);
    expect(record).toMatchObject({
      name: "alice.aurum",
      addresses: { [String(COIN_TYPE)]: { address: alice.account.address } },
      attributes: {},
    });
    // Unix seconds, not milliseconds.
    expect(Math.abs(record.registered_at - Date.now() / 1000)).toBeLessThan(120);

    const looked = await body<typeof record>(
      await r.lookup(get("/api/profile/account/alice.aurum"), params({ name: "alice.aurum" })),
    );
    expect(looked).toEqual(record);
    const reverse = await r.reverse(
      get(`/api/profile/reverse/${alice.account.address}`),
      params({ address: alice.account.address }),
    );
    expect(await body(reverse)).toEqual([record]);
    const map = await namesFor(handle.db, [
      alice.account.address,
      "0x0000000000000000000000000000000000000001",
    ]);
    expect([...map]).toEqual([[alice.account.address.toLowerCase(), "alice.aurum"]]);
    // The explorer search resolves a typed name to its address.
    const { addressOfName } = await import("@/features/names/server");
    expect(await addressOfName(" Alice.AURUM ")).toBe(alice.account.address);
    expect(await addressOfName("nobody-here")).toBeNull();
    expect(await addressOfName("a_b")).toBeNull();
  });

  it("answers an unknown name with empty addresses and attributes, and an unnamed address with []", async () => {
    const res = await r.lookup(get("/api/profile/account/nobody"), params({ name: "nobody" }));
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({
      name: "nobody.aurum",
      registered_at: null,
      updated_at: null,
      addresses: {},
      attributes: {},
    });
    const addr = "0x00000000000000000000000000000000000000aa";
    expect(
      await body(await r.reverse(get(`/api/profile/reverse/${addr}`), params({ address: addr }))),
    ).toEqual([]);
    const bad = await r.reverse(get("/api/profile/reverse/0x12"), params({ address: "0x12" }));
    expect(bad.status).toBe(400);
  });

  it("refuses a bad name with 400 and the rule's message, on every endpoint", async () => {
    const bob = await participant();
    const cases: [string, string][] = [
      ["bob", "Names must be at least 4 characters."],
      ["bob_by", "Names can only contain letters, digits and hyphens."],
      ["bøbby", "Names use plain ASCII only: no accents, emoji or letters from other alphabets."],
      ["-bobby", "Names cannot start or end with a hyphen."],
      ["xn--bobby", "Names cannot contain two hyphens in a row."],
    ];
    for (const [name, message] of cases) {
      for (const res of [
        await r.lookup(get(`/api/profile/account/${name}`), params({ name })),
        await r.suggestions(get(`/api/profile/suggestions/${name}`), params({ name })),
        await messageFor(bob.cookie, name, bob.account.address),
      ]) {
        expect(res.status).toBe(400);
        expect((await body<Err>(res)).error).toEqual({ code: "INVALID_NAME", message });
      }
    }
  });

  it("refuses reserved names and the deny list, look-alikes included", async () => {
    const who = await participant();
    for (const name of ["admin", "adm1n", "support", "staff", "aurum", "scam", "fake-team"]) {
      const res = await messageFor(who.cookie, name, who.account.address);
      expect(res.status, name).toBe(200);
      const m = await body<{ message: string; coin_type: number }>(res);
      const reg = await r.register(
        post(who.cookie, {
          coin_type: m.coin_type,
          address: who.account.address,
          message: m.message,
          signature: await who.account.signMessage({ message: m.message }),
        }),
        params(),
      );
      expect(reg.status, name).toBe(400);
      expect((await body<Err>(reg)).error).toEqual({
        code: "NAME_RESERVED",
        message: `${name}.aurum is reserved.`,
      });
      const s = await body<{ available: boolean }>(
        await r.suggestions(get(`/api/profile/suggestions/${name}`), params({ name })),
      );
      expect(s.available).toBe(false);
    }
  });

  it("refuses a chain id of 2^31 or more with 'Invalid chainId'", async () => {
    const who = await participant();
    const res = await messageFor(who.cookie, "chains", who.account.address, "&chain_id=2147483648");
    expect(res.status).toBe(400);
    expect((await body<Err>(res)).error).toEqual({ code: "INVALID_CHAIN_ID", message: "Invalid chainId" });
    const other = await messageFor(who.cookie, "chains", who.account.address, "&chain_id=1");
    expect((await body<Err>(other)).error.code).toBe("INVALID_CHAIN_ID");
  });

  it("a taken name is 409 with free suggestions; a look-alike too", async () => {
    const first = await participant();
    expect((await register(first, "carol")).status).toBe(201);
    const second = await participant();
    const taken = await register(second, "carol");
    expect(taken.status).toBe(409);
    const answer = await body<Err>(taken);
    expect(answer.error).toEqual({ code: "NAME_TAKEN", message: "carol.aurum is taken." });
    expect(answer.suggestions?.length).toBeGreaterThan(0);
    expect(answer.suggestions).not.toContain("carol.aurum");

    const lookAlike = await register(second, "car0l");
    expect(lookAlike.status).toBe(409);
    expect((await body<Err>(lookAlike)).error.message).toBe(
      "car0l.aurum looks too much like carol.aurum, which is taken.",
    );

    const s = await body<{ available: boolean; suggestions: string[] }>(
      await r.suggestions(get("/api/profile/suggestions/carol"), params({ name: "carol" })),
    );
    expect(s.available).toBe(false);
    // A suggestion is really free: registering it works.
    const pick = s.suggestions[0]?.replace(/\.aurum$/, "") ?? "";
    expect((await register(second, pick)).status).toBe(201);
  });

  it("a look-alike with an overlapping vv run is 409 too (vvvault taken, then vwault and wvault)", async () => {
    const first = await participant();
    expect((await register(first, "vvvault")).status).toBe(201);
    const second = await participant();
    for (const name of ["vwault", "wvault"]) {
      const res = await register(second, name);
      expect(res.status, name).toBe(409);
      expect((await body<Err>(res)).error, name).toEqual({
        code: "NAME_TAKEN",
        message: `${name}.aurum looks too much like vvvault.aurum, which is taken.`,
      });
      const s = await body<{ available: boolean }>(
        await r.suggestions(get(`/api/profile/suggestions/${name}`), params({ name })),
      );
      expect(s.available, name).toBe(false);
    }
    const rows = await handle.db
      .select()
      .from(accountNames)
      .where(eq(accountNames.address, second.account.address.toLowerCase()));
    expect(rows).toEqual([]);
  });

  it("two racing registrations of one name: exactly one wins", async () => {
    const racers = await Promise.all(Array.from({ length: 6 }, () => participant()));
    const bodies = await Promise.all(racers.map((p) => signedBody(p, "racer")));
    const answers = await Promise.all(racers.map((p, i) => r.register(post(p.cookie, bodies[i]), params())));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await handle.db.select().from(accountNames).where(eq(accountNames.name, "racer"));
    expect(rows).toHaveLength(1);
  });
});

describe("the database decides races on its own", () => {
  it("refuses a second row with the same name, look-alike skeleton or address", async () => {
    const a = await createTestSession("0x00000000000000000000000000000000000000b1");
    const b = await createTestSession("0x00000000000000000000000000000000000000b2");
    const row = (userId: string, address: string, name: string, skeleton: string) => ({
      name,
      skeleton,
      address: address.toLowerCase(),
      userId,
      coinType: COIN_TYPE,
      message: "m",
      signature: "0x",
    });
    await handle.db.insert(accountNames).values(row(a.user.id, a.user.address, "kate", "kate"));
    // The driver error (PGlite or pg) carries the SQLSTATE, possibly wrapped by drizzle.
    const codeOf = async (values: ReturnType<typeof row>) => {
      try {
        await handle.db.insert(accountNames).values(values);
        return "inserted";
      } catch (err) {
        let e: unknown = err;
        while (e && typeof e === "object" && !("code" in e) && "cause" in e)
          e = (e as { cause: unknown }).cause;
        return (e as { code?: string }).code;
      }
    };
    expect(await codeOf(row(b.user.id, b.user.address, "kate", "kate-x"))).toBe("23505");
    expect(await codeOf(row(b.user.id, b.user.address, "kat3", "kate"))).toBe("23505");
    expect(await codeOf(row(a.user.id, a.user.address, "katie", "katle"))).toBe("23505");
    expect(await codeOf(row(b.user.id, b.user.address, "ka--te", "ka--te"))).toBe("23514");
  });
});

describe("the signed message", () => {
  it("is single use: a replay is refused", async () => {
    const dave = await participant();
    const payload = await signedBody(dave, "davey");
    expect((await r.register(post(dave.cookie, payload), params())).status).toBe(201);
    const replay = await r.register(post(dave.cookie, payload), params());
    expect(replay.status).toBe(401);
    expect((await body<Err>(replay)).error.code).toBe("NONCE_INVALID");
  });

  it("is refused when stale (older than 10 minutes), and the row stays unwritten", async () => {
    const erin = await participant();
    const payload = await signedBody(erin, "erin-late");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11 * 60_000 });
    const res = await r.register(post(erin.cookie, payload), params());
    vi.useRealTimers();
    expect(res.status).toBe(401);
    expect((await body<Err>(res)).error.code).toBe("NONCE_EXPIRED");
    expect(await handle.db.select().from(accountNames).where(eq(accountNames.name, "erin-late"))).toEqual([]);
  });

  it("is refused when changed, signed by someone else, for another address or another coin type", async () => {
    const frank = await participant();
    const mallory = await participant();
    const payload = await signedBody(frank, "frankie");
    const changed = payload.message.replace("frankie", "frankly");
    const edited = await r.register(
      post(frank.cookie, {
        ...payload,
        message: changed,
        signature: await frank.account.signMessage({ message: changed }),
      }),
      params(),
    );
    expect((await body<Err>(edited)).error.code).toBe("INVALID_MESSAGE");

    const forged = await r.register(
      post(frank.cookie, {
        ...payload,
        signature: await mallory.account.signMessage({ message: payload.message }),
      }),
      params(),
    );
    expect(forged.status).toBe(401);
    expect((await body<Err>(forged)).error.code).toBe("SIGNATURE_INVALID");

    const coin = await r.register(post(frank.cookie, { ...payload, coin_type: 2147483708 }), params());
    expect((await body<Err>(coin)).error.code).toBe("INVALID_COIN_TYPE");

    // Mallory posts Frank's signed message with her own session: the address is not hers.
    const stolen = await r.register(post(mallory.cookie, payload), params());
    expect(stolen.status).toBe(403);
    expect((await body<Err>(stolen)).error.code).toBe("ADDRESS_MISMATCH");
    const foreign = await messageFor(mallory.cookie, "frankie", frank.account.address);
    expect(foreign.status).toBe(403);

    // None of the failures used the message up: the genuine request still works once.
    expect((await r.register(post(frank.cookie, payload), params())).status).toBe(201);
  });

  it("registration is rate limited per user: the 11th attempt in an hour is 429", async () => {
    await awayFromWindowEdge(3600); // 11 attempts in one clock-aligned hour
    const spammer = await participant();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await r.register(
        post(spammer.cookie, {
          coin_type: COIN_TYPE,
          address: spammer.account.address,
          message: "x",
          signature: `0x${"11".repeat(65)}`,
        }),
        params(),
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another participant is not affected.
    const other = await participant();
    expect((await register(other, "not-limited")).status).toBe(201);
  });

  it("needs a session", async () => {
    const res = await r.message(
      get("/api/profile/message?name=abcd&address=0x0000000000000000000000000000000000000001"),
      params(),
    );
    expect(res.status).toBe(401);
    const who = await participant();
    const res2 = await r.register(post("", await signedBody(who, "nosession")), params());
    expect(res2.status).toBe(401);
  });

  it("accepts an ERC-1271 contract wallet's signature (checked on the chain)", async () => {
    const account = "0x1271000000000000000000000000000000000016" as Hex;
    // Runtime code whose isValidSignature answers the magic value for any input.
    const res = await fetch(anvil.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "anvil_setCode",
        params: [account, "0x631626ba7e60e01b60005260206000f3"],
      }),
    });
    expect(res.ok).toBe(true);
    const { cookieHeader } = await createTestSession(account);
    const m = await body<{ message: string; coin_type: number }>(
      await messageFor(cookieHeader, "smart-wallet", account),
    );
    const reg = await r.register(
      post(cookieHeader, {
        coin_type: m.coin_type,
        address: account,
        message: m.message,
        signature: toHex(crypto.getRandomValues(new Uint8Array(65))),
      }),
      params(),
    );
    expect(reg.status).toBe(201);
  });

  it("sweeps expired messages when a new one is issued", async () => {
    const who = await participant();
    await messageFor(who.cookie, "sweeper", who.account.address);
    await handle.db.execute(sql`UPDATE name_nonces SET expires_at = now() - interval '1 minute'`);
    await messageFor(who.cookie, "sweeper", who.account.address);
    const left = await handle.db.select().from(nameNonces);
    expect(left).toHaveLength(1);
  });
});

describe("rename, cooldown and revoke", () => {
  it("one name per address; renaming waits for the cooldown, then releases the old name", async () => {
    const gina = await participant();
    // Issued before gina had a name, so only the registration itself can refuse it.
    const early = await signedBody(gina, "gina-early");
    expect((await register(gina, "gina")).status).toBe(201);
    const tooSoon = await r.register(post(gina.cookie, early), params());
    expect(tooSoon.status).toBe(409);
    expect((await body<Err>(tooSoon)).error).toEqual({
      code: "RENAME_COOLDOWN",
      message: "You can change your name again in 1 day.",
    });
    expect(Number(tooSoon.headers.get("retry-after"))).toBeGreaterThan(86_000);
    // A new message is refused before the wallet is asked to sign (cooldown.int.test.ts).
    expect((await messageFor(gina.cookie, "gina-two", gina.account.address)).status).toBe(409);

    // A day later (the row's clock moved back rather than the server's).
    await handle.db.execute(
      sql`UPDATE account_names SET registered_at = now() - interval '25 hours' WHERE name = 'gina'`,
    );
    const renamed = await register(gina, "gina-two");
    expect(renamed.status).toBe(201);
    const rows = await handle.db
      .select()
      .from(accountNames)
      .where(eq(accountNames.address, gina.account.address.toLowerCase()));
    expect(rows.map((x) => x.name)).toEqual(["gina-two"]);
    const old = await body<{ addresses: object }>(
      await r.lookup(get("/api/profile/account/gina"), params({ name: "gina" })),
    );
    expect(old.addresses).toEqual({});
    const heidi = await participant();
    expect((await register(heidi, "gina")).status).toBe(201);
  });

  it("registering one's own current name again is a no-op 200", async () => {
    const ivan = await participant();
    expect((await register(ivan, "ivan")).status).toBe(201);
    expect((await register(ivan, "IVAN")).status).toBe(200);
  });

  it("an operator revokes a name: released and audit-logged; others get 403", async () => {
    const { primaryNameOf } = await import("./server");
    const judy = await participant();
    // The layout's cached name (server/records.ts) is read before and must be fresh after each write.
    expect(await primaryNameOf(judy.account.address)).toBeNull();
    expect((await register(judy, "judy")).status).toBe(201);
    expect(await primaryNameOf(judy.account.address)).toBe("judy.aurum");
    const del = (cookie: string, name: string) =>
      r.revoke(
        new Request(`${SITE}/api/admin/names/${name}`, {
          method: "DELETE",
          headers: { cookie, origin: SITE },
        }),
        params({ name }),
      );
    expect((await del(judy.cookie, "judy")).status).toBe(403);
    const op = await createTestSession(admin.address);
    const res = await del(op.cookieHeader, "judy.aurum");
    expect(res.status).toBe(200);
    expect((await body<{ revoked: { name: string } }>(res)).revoked.name).toBe("judy.aurum");
    expect(await handle.db.select().from(accountNames).where(eq(accountNames.name, "judy"))).toEqual([]);
    expect(await primaryNameOf(judy.account.address)).toBeNull();
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, judy.account.address.toLowerCase()));
    expect(entry).toMatchObject({
      actor: admin.address.toLowerCase(),
      action: "names.revoke",
      before: { name: "judy.aurum", address: judy.account.address.toLowerCase() },
    });
    const again = await del(op.cookieHeader, "judy");
    expect(again.status).toBe(404);
    expect((await body<Err>(again)).error.code).toBe("NAME_NOT_FOUND");
  });
});

describe("names wherever an address is shown", () => {
  it("the leaderboard, friends list and tickets carry the name; unnamed rows carry null", async () => {
    const { creditPoints, leaderboard } = await import("@/features/points/server");
    const { listFriends } = await import("@/features/referrals/server");
    const { createTicket, listTickets } = await import("@/features/support/server");
    const named = await participant();
    expect((await register(named, "shown-everywhere")).status).toBe(201);
    const [namedUser] = await handle.db
      .execute<{ id: string; referral_code: string }>(
        sql`SELECT id, referral_code FROM users WHERE address = ${named.account.address.toLowerCase()}`,
      )
      .then((x) => (x as unknown as { rows: { id: string; referral_code: string }[] }).rows);
    if (!namedUser) throw new Error("no user row");
    const plain = privateKeyToAccount(toHex(crypto.getRandomValues(new Uint8Array(32))));
    const plainSession = await createTestSession(plain.address);
    // The plain participant invited the named one: the named one is in the plain one's friends list.
    await handle.db.execute(
      sql`UPDATE users SET referrer_id = ${plainSession.user.id} WHERE id = ${namedUser.id}`,
    );
    for (const [userId, points] of [
      [namedUser.id, 5000],
      [plainSession.user.id, 4000],
    ] as const) {
      await creditPoints(handle.db, {
        userId,
        points,
        reason: "test",
        source: "adjustment",
        sourceKey: `names:${userId}`,
      });
    }

    const board = await leaderboard(handle.db, plainSession.user.id);
    const rowOf = (address: string) => board.top.find((x) => x.address === address);
    expect(rowOf(named.account.address)?.name).toBe("shown-everywhere.aurum");
    expect(rowOf(plain.address)?.name).toBeNull();
    expect(board.neighbours.find((x) => x.address === named.account.address)?.name).toBe(
      "shown-everywhere.aurum",
    );

    const { friends } = await listFriends(handle.db, plainSession.user.id);
    expect(friends).toHaveLength(1);
    expect(friends[0]?.name).toBe("shown-everywhere.aurum");
    // The address stays masked next to the name.
    expect(friends[0]?.address).toMatch(/^0x[0-9a-f]{2}••••[0-9a-f]{4}$/i);
    expect((await listFriends(handle.db, namedUser.id)).friends).toEqual([]);

    const actor = { userId: namedUser.id, address: named.account.address, isAdmin: false };
    await createTicket(
      handle.db,
      actor,
      {
        email: "a@example.org",
        category: "other",
        subject: "Names",
        message: "Where is my name shown in the portal?",
        txHash: null,
      },
      "names-ticket-0001",
    );
    const [ticket] = await listTickets(handle.db, namedUser.id);
    expect(ticket?.from).toEqual({ address: named.account.address, name: "shown-everywhere.aurum" });
  });
});
