import { eq } from "drizzle-orm";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { users } from "@/db/schema";
import { openTestApp, type TestApp } from "../../../test/app-env";
import { createTestSession } from "./testing";

// The first real sign-in (POST /api/auth/verify) of a wallet whose row the points import created
// (first_sign_in_at NULL) marks it signed in and binds the referrer of its /{code} link, exactly
// once: concurrent first sign-ins through different links bind one referrer (server/users.ts).

const SITE = "http://localhost:3000";
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const NO_PARAMS = { params: Promise.resolve({}) };
let app: TestApp;
let handle: DbHandle;
let nonceRoute: Handler;
let verifyRoute: Handler;
let findOrCreateImportedUser: typeof import("./server").findOrCreateImportedUser;
let findOrCreateUser: typeof import("./server").findOrCreateUser;
let countParticipants: typeof import("./server").countParticipants;

beforeAll(async () => {
  app = await openTestApp("first-sign-in", {
    PUBLIC_URL: SITE,
    // Plain-key signatures are checked locally: no chain is asked.
    TESTNET_RPC_URL: "http://127.0.0.1:9",
    AUTH_RATE_LIMIT_PER_MINUTE: "10000",
  });
  handle = app.handle;
  nonceRoute = (await import("@/app/api/auth/nonce/route")).GET;
  verifyRoute = (await import("@/app/api/auth/verify/route")).POST;
  ({ findOrCreateImportedUser, findOrCreateUser, countParticipants } = await import("./server"));
});
afterAll(() => app?.close());

const account = () => privateKeyToAccount(generatePrivateKey());

async function signIn(who: PrivateKeyAccount, refCode?: string): Promise<number> {
  const nonceRes = await nonceRoute(new Request(`${SITE}/api/auth/nonce`), NO_PARAMS);
  const { nonce } = (await nonceRes.json()) as { nonce: string };
  const message = createSiweMessage({
    address: who.address,
    chainId: 99199,
    domain: "localhost:3000",
    nonce,
    uri: SITE,
    version: "1",
    issuedAt: new Date(),
    statement: "Sign in to Aurum.",
  });
  const res = await verifyRoute(
    new Request(`${SITE}/api/auth/verify`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: SITE,
        ...(refCode ? { cookie: `aurum_ref=${refCode}` } : {}),
      },
      body: JSON.stringify({ message, signature: await who.signMessage({ message }) }),
    }),
    NO_PARAMS,
  );
  return res.status;
}

const row = async (address: string) =>
  (await handle.db.select().from(users).where(eq(users.address, address.toLowerCase())))[0];

describe("first sign-in of an imported wallet", () => {
  it("binds exactly one referrer when five first sign-ins through five links land at once", async () => {
    const inviters = await Promise.all(
      Array.from({ length: 5 }, () => createTestSession(account().address, { db: handle.db })),
    );
    const friend = account();
    await findOrCreateImportedUser(handle.db, friend.address);
    const before = await countParticipants(handle.db);
    expect((await row(friend.address))?.firstSignInAt).toBeNull();

    const statuses = await Promise.all(inviters.map((i) => signIn(friend, i.user.referralCode)));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const after = await row(friend.address);
    expect(inviters.map((i) => i.user.id)).toContain(after?.referrerId);
    expect(after?.firstSignInAt).toBeInstanceOf(Date);
    expect(await countParticipants(handle.db)).toBe(before + 1);

    // Later sign-ins through another link change nothing.
    const bound = after?.referrerId;
    const signedInAt = after?.firstSignInAt;
    expect(await signIn(friend, inviters[0]!.user.referralCode)).toBe(200);
    expect(await row(friend.address)).toMatchObject({ referrerId: bound, firstSignInAt: signedInAt });
  });

  it("binds one referrer when a brand-new wallet signs in twice at once through two links", async () => {
    const [a, b] = await Promise.all(
      [account(), account()].map((x) => createTestSession(x.address, { db: handle.db })),
    );
    const friend = account();
    const statuses = await Promise.all([
      signIn(friend, a!.user.referralCode),
      signIn(friend, b!.user.referralCode),
    ]);
    expect(statuses).toEqual([200, 200]);
    const after = await row(friend.address);
    expect([a!.user.id, b!.user.id]).toContain(after?.referrerId);
    expect(after?.firstSignInAt).toBeInstanceOf(Date);
  });

  it("is one first sign-in of the racing ones: one `created`, and every caller gets the bound referrer", async () => {
    const inviters = await Promise.all(
      Array.from({ length: 5 }, () => createTestSession(account().address, { db: handle.db })),
    );
    const friend = account();
    await findOrCreateImportedUser(handle.db, friend.address);
    const results = await Promise.all(
      inviters.map((i) => findOrCreateUser(handle.db, friend.address, i.user.referralCode)),
    );
    const bound = (await row(friend.address))?.referrerId;
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results.map((r) => r.user.referrerId)).toEqual(Array(5).fill(bound));
  });

  it("does not bind the imported wallet's own code, nor a referrer it referred itself", async () => {
    const friend = account();
    const imported = await findOrCreateImportedUser(handle.db, friend.address);
    expect(await signIn(friend, imported.referralCode)).toBe(200);
    expect((await row(friend.address))?.referrerId).toBeNull();

    // X's code reached R before X ever signed in; X then comes through R's link: no cycle of two.
    const x = account();
    const xRow = await findOrCreateImportedUser(handle.db, x.address);
    const r = await createTestSession(account().address, { db: handle.db, ref: xRow.referralCode });
    expect(r.user.referrerId).toBe(xRow.id);
    expect(await signIn(x, r.user.referralCode)).toBe(200);
    expect(await row(x.address)).toMatchObject({ referrerId: null });
    expect((await row(x.address))?.firstSignInAt).toBeInstanceOf(Date);
  });

  it("counts an imported wallet as a participant only from its first sign-in", async () => {
    const before = await countParticipants(handle.db);
    const wallets = [account(), account(), account()];
    for (const w of wallets) await findOrCreateImportedUser(handle.db, w.address);
    expect(await countParticipants(handle.db)).toBe(before);
    expect(await signIn(wallets[0]!)).toBe(200);
    expect(await countParticipants(handle.db)).toBe(before + 1);
  });
});
