import { sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { ApiError } from "@/server/errors";
import { testDb } from "../../../../test/db";
import { resetFaucetStateCache } from "./balances";
import type { FaucetChain } from "./chain";
import { claimFaucet } from "./claim";
import { queryRows } from "./rows";
import { faucetSettings } from "./settings";
import { faucetStatus } from "./status";
import { solvedPow } from "./testing";

// An emptied faucet says "refilling" on its status; a claim then must say the same, and before the
// participant's proof of work is spent (they would have solved it for nothing). Every drip set to 0
// by the operator stays FAUCET_DISABLED, also before the proof of work.

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());
beforeEach(() => resetFaucetStateCache());

const held = { native: 0n, tUSD: 0n, tETH: 0n };
const claimant = privateKeyToAccount(generatePrivateKey()).address;
const TUSD = "0x00000000000000000000000000000000000000e1";
const faucetChain = (): FaucetChain =>
  ({
    account: privateKeyToAccount(generatePrivateKey()),
    chainId: 99199,
    disperse: "0x00000000000000000000000000000000000000d1",
    tokens: { tUSD: TUSD, tETH: "0x00000000000000000000000000000000000000e2" },
    client: {
      // The claimant: a fresh wallet without code or coins; the faucet: `held`.
      getCode: async () => undefined,
      getBalance: async ({ address }: { address: string }) =>
        address.toLowerCase() === claimant.toLowerCase() ? 0n : held.native,
      readContract: async ({ address }: { address: string }) => (address === TUSD ? held.tUSD : held.tETH),
    },
  }) as unknown as FaucetChain;

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) =>
      err instanceof ApiError ? { status: err.status, code: err.code, message: err.message } : err,
  );
const powSpent = async () =>
  Number(
    (await queryRows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM faucet_pow_used`))[0]?.n,
  );

describe("claiming from an empty faucet", () => {
  it("answers 'refilling' like the status, without spending the proof of work; a refill lets it through", async () => {
    const { user } = await createTestSession(claimant, { db: handle.db });
    const who = { userId: user.id, address: claimant, ip: null };
    const settings = faucetSettings();
    const altcha = await solvedPow();
    const before = await powSpent();

    expect((await faucetStatus(handle.db, null, settings, faucetChain)).state).toBe("refilling");
    const empty = await refusal(claimFaucet(handle.db, who, altcha, settings, { chain: faucetChain }));
    expect(empty).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE" });
    expect((empty as { message: string }).message).toMatch(/^The faucet is refilling/);
    expect(await powSpent()).toBe(before);

    // Every drip set to 0 by the operator: disabled, also before the proof of work.
    const off = { ...settings, drips: { native: 0n, tUSD: 0n, tETH: 0n } };
    expect(await refusal(claimFaucet(handle.db, who, altcha, off, { chain: faucetChain }))).toMatchObject({
      status: 503,
      code: "FAUCET_DISABLED",
    });
    expect(await powSpent()).toBe(before);

    // Topped up: the same solution is still good and the claim is queued.
    Object.assign(held, { native: 10n ** 24n, tUSD: 10n ** 12n, tETH: 10n ** 24n });
    resetFaucetStateCache();
    expect((await faucetStatus(handle.db, null, settings, faucetChain)).state).toBe("ok");
    await expect(
      claimFaucet(handle.db, who, altcha, settings, { chain: faucetChain }),
    ).resolves.toMatchObject({
      status: "queued",
    });
    expect(await powSpent()).toBe(before + 1);
  });
});
