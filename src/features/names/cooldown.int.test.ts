import { inArray, sql } from "drizzle-orm";
import { type Hex, type PrivateKeyAccount, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountNames } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import { openTestApp, type TestApp } from "../../../test/app-env";

// Regression (review, names): a participant inside the rename cooldown was still handed a
// registration message to sign. The modal opened the wallet, the participant signed, and only the
// POST said "You can change your name again in N days." The wallet must never be asked to sign a
// request the server already knows it will refuse; the modal learns when a rename is possible from
// the suggestions answer it already asks for as the participant types (`rename_available_at`).

const SITE = "http://localhost:3000";
type RouteFn = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
let app: TestApp;
let message: RouteFn;
let register: RouteFn;
let suggestions: RouteFn;

beforeAll(async () => {
  app = await openTestApp("names-cooldown", {
    PUBLIC_URL: SITE,
    // Never reached: a plain-key signature is recovered locally.
    TESTNET_RPC_URL: "http://127.0.0.1:9",
    NAMES_RENAME_COOLDOWN_SECONDS: "86400",
    NAMES_ZONE: undefined,
    PRODUCT_NAME: undefined,
  });
  message = (await import("@/app/api/profile/message/route")).GET as unknown as RouteFn;
  register = (await import("@/app/api/profile/account/route")).POST as unknown as RouteFn;
  suggestions = (await import("@/app/api/profile/suggestions/[name]/route")).GET as unknown as RouteFn;
});
afterAll(async () => {
  await app?.close();
});

const params = (p: Record<string, string> = {}) => ({ params: Promise.resolve(p) });
type Who = { account: PrivateKeyAccount; cookie: string };

async function participant(): Promise<Who> {
  const account = privateKeyToAccount(toHex(crypto.getRandomValues(new Uint8Array(32))) as Hex);
  const { cookieHeader: cookie } = await createTestSession(account.address);
  return { account, cookie };
}

const ask = (who: Who, name: string) =>
  message(
    new Request(`${SITE}/api/profile/message?name=${name}&address=${who.account.address}`, {
      headers: { cookie: who.cookie },
    }),
    params(),
  );

/** Signs an issued message and posts it: the modal's last two steps. */
async function post(who: Who, issued: Response): Promise<Response> {
  const m = (await issued.json()) as { message: string; coin_type: number };
  const signature = await who.account.signMessage({ message: m.message });
  return register(
    new Request(`${SITE}/api/profile/account`, {
      method: "POST",
      headers: { cookie: who.cookie, origin: SITE, "content-type": "application/json" },
      body: JSON.stringify({ ...m, address: who.account.address, signature }),
    }),
    params(),
  );
}

/** Whichever endpoint refuses the rename, its answer is what the modal shows. */
async function attempt(who: Who, name: string): Promise<Response> {
  const issued = await ask(who, name);
  return issued.status === 200 ? post(who, issued) : issued;
}

const status = async (name: string, cookie?: string) =>
  (await (
    await suggestions(
      new Request(`${SITE}/api/profile/suggestions/${name}`, { headers: cookie ? { cookie } : {} }),
      params({ name }),
    )
  ).json()) as {
    available: boolean;
    reason: string | null;
    suggestions: string[];
    rename_available_at: number | null;
  };

const ageName = (name: string, seconds: number) =>
  app.handle.db.execute(
    sql`UPDATE account_names SET registered_at = now() - make_interval(secs => ${seconds}) WHERE name = ${name}`,
  );

describe("rename cooldown", () => {
  it("refuses to issue a message to sign while the rename cooldown runs", async () => {
    const who = await participant();
    expect((await attempt(who, "review-first")).status).toBe(201);

    // "Change name" in the modal, a minute later: the rename cannot succeed for another day.
    const second = await ask(who, "review-second");
    const answer = (await second.json()) as { error?: { code: string }; rename_available_at?: number };
    expect({ status: second.status, code: answer.error?.code }).toEqual({
      status: 409,
      code: "RENAME_COOLDOWN",
    });
    // When it is possible, in the body (for the date) and as Retry-After (for clients).
    const inADay = Math.floor(Date.now() / 1000) + 86_400;
    expect(answer.rename_available_at).toBeGreaterThan(inADay - 60);
    expect(answer.rename_available_at).toBeLessThanOrEqual(inADay + 1);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(86_000);
  });

  it("says 'in 1 minute', not 'in 1 minutes', when less than a minute of the cooldown is left", async () => {
    const who = await participant();
    expect((await attempt(who, "review-minute")).status).toBe(201);
    await ageName("review-minute", 86_370); // 30 seconds of the day's cooldown left
    const res = await attempt(who, "review-minute-two");
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "You can change your name again in 1 minute.",
    );
  });

  it("tells the modal up front, in the suggestions answer, when a rename is possible", async () => {
    const who = await participant();
    expect((await status("upfront-name", who.cookie)).rename_available_at).toBeNull(); // no name yet
    expect((await attempt(who, "upfront-name")).status).toBe(201);
    const during = await status("upfront-other", who.cookie);
    expect(during).toMatchObject({ available: true, reason: null });
    expect(during.rename_available_at).toBeGreaterThan(Date.now() / 1000 + 86_000);
    // Signed out the answer is about the name only.
    expect((await status("upfront-other")).rename_available_at).toBeNull();
    // Its own name: not "taken" by someone else, and nothing to register.
    expect(await status("upfront-name", who.cookie)).toMatchObject({
      available: false,
      reason: "upfront-name.aurum is already your name.",
      suggestions: [],
    });
    await ageName("upfront-name", 86_401);
    expect((await status("upfront-other", who.cookie)).rename_available_at).toBeNull();
  });

  it("asking again for one's own current name is no rename: the message is issued", async () => {
    const who = await participant();
    expect((await attempt(who, "same-again")).status).toBe(201);
    const again = await ask(who, "same-again");
    expect(again.status).toBe(200);
    expect((await post(who, again)).status).toBe(200);
  });

  it("the registration still refuses a rename whose message was issued before the first name", async () => {
    const who = await participant();
    const early = await ask(who, "early-second");
    expect(early.status).toBe(200);
    expect((await attempt(who, "early-first")).status).toBe(201);
    const res = await post(who, early);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("RENAME_COOLDOWN");
  });
});

// Regression (review, names): renaming `rnoon` to `moon` said "moon.aurum looks too much like
// rnoon.aurum, which is taken" although rnoon was the participant's own name. The rename updates
// that one row, so the look-alike's skeleton never has two holders; other participants stay refused.
describe("renaming to a look-alike of one's own name", () => {
  it("is allowed for the holder, and still refused for anyone else", async () => {
    const holder = await participant();
    expect((await attempt(holder, "rnoon")).status).toBe(201);
    await ageName("rnoon", 86_401);
    expect(await status("moon", holder.cookie)).toMatchObject({ available: true, reason: null });

    const other = await participant();
    const outsider = await status("moon", other.cookie);
    expect(outsider).toMatchObject({
      available: false,
      reason: "moon.aurum looks too much like rnoon.aurum, which is taken.",
    });

    expect((await attempt(holder, "moon")).status).toBe(201);
    const rows = await app.handle.db
      .select({ name: accountNames.name, address: accountNames.address })
      .from(accountNames)
      .where(inArray(accountNames.name, ["rnoon", "moon"]));
    expect(rows).toEqual([{ name: "moon", address: holder.account.address.toLowerCase() }]);

    const taken = await attempt(other, "rnoon");
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: { message: string } }).error.message).toBe(
      "rnoon.aurum looks too much like moon.aurum, which is taken.",
    );
  });
});
