import { sql } from "drizzle-orm";
import pino from "pino";
import { decodeFunctionData, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disperseAbi } from "@/chain/generated";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { testDb } from "../../../../test/db";
import { createClaim, nextClaimAt } from "./claims";
import { MAX_PAYMENT_ATTEMPTS } from "./recovery";
import { queryRows } from "./rows";
import { FaucetSender } from "./sender";
import { faucetSettings } from "./settings";
import { FAKE_TUSD, fakeFaucetChain } from "./testing";

// A claim that ends failed because the faucet's own payout transactions reverted (three times) was
// no fault of the participant: the address gets its cooldown back and may claim again at once.
// (A payment the recipient refuses keeps the cooldown: faucet.int.test.ts, PaymentFailed.) A claim
// that was partly paid keeps it too, or the address would be paid that part again at once.

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

describe("a claim the faucet's own transactions failed", () => {
  it("releases the address's cooldown, and only that claim's", async () => {
    const settings = faucetSettings();
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const { user } = await createTestSession(address, { db: handle.db });
    const who = { userId: user.id, address, ip: null };
    const { claimId } = await createClaim(handle.db, who, settings, { native: parseEther("1") });
    expect(await nextClaimAt(handle.db, address, settings.cooldownSeconds)).not.toBeNull();

    const sender = new FaucetSender(
      handle.db,
      fakeFaucetChain("reverted"),
      settings,
      pino({ level: "silent" }),
      new AbortController().signal,
      { receiptTimeoutMs: 100 },
    );
    for (let i = 0; i < MAX_PAYMENT_ATTEMPTS; i++) expect(await sender.round()).toBe(true);
    const [claim] = await queryRows<{ status: string; error: string | null }>(
      handle.db,
      sql`SELECT status, error FROM faucet_claims WHERE id = ${claimId}`,
    );
    expect(claim).toEqual({ status: "failed", error: "The payout transaction reverted." });

    expect(await nextClaimAt(handle.db, address, settings.cooldownSeconds)).toBeNull();
    const again = await createClaim(handle.db, who, settings, { native: parseEther("1") });
    expect(again.status).toBe("queued");
    // The new claim's cooldown is its own: a second claim right away is refused as usual.
    await expect(createClaim(handle.db, who, settings, { native: parseEther("1") })).rejects.toMatchObject({
      status: 429,
      code: "FAUCET_COOLDOWN",
    });
  });

  it("keeps the cooldown when another asset of the claim was paid", async () => {
    const settings = faucetSettings();
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const { user } = await createTestSession(address, { db: handle.db });
    const who = { userId: user.id, address, ip: null };
    const { claimId } = await createClaim(handle.db, who, settings, {
      native: parseEther("1"),
      tUSD: 5_000_000n,
    });

    // The native payout is mined; every token payout reverts (its approval goes through).
    const tokenPayoutsRevert = fakeFaucetChain(({ to, data }) => {
      if (to === FAKE_TUSD) return "success";
      const call = decodeFunctionData({ abi: disperseAbi, data }).functionName;
      return call === "disperseToken" ? "reverted" : "success";
    });
    const sender = new FaucetSender(
      handle.db,
      tokenPayoutsRevert,
      settings,
      pino({ level: "silent" }),
      new AbortController().signal,
      { receiptTimeoutMs: 100 },
    );
    for (let i = 0; i < MAX_PAYMENT_ATTEMPTS; i++) expect(await sender.round()).toBe(true);
    const payments = await queryRows<{ asset: string; status: string }>(
      handle.db,
      sql`SELECT asset, status FROM faucet_payments WHERE claim_id = ${claimId} ORDER BY asset`,
    );
    expect(payments).toEqual([
      { asset: "native", status: "confirmed" },
      { asset: "tUSD", status: "failed" },
    ]);
    const [claim] = await queryRows<{ status: string }>(
      handle.db,
      sql`SELECT status FROM faucet_claims WHERE id = ${claimId}`,
    );
    expect(claim?.status).toBe("failed");

    expect(await nextClaimAt(handle.db, address, settings.cooldownSeconds)).not.toBeNull();
    await expect(createClaim(handle.db, who, settings, { native: parseEther("1") })).rejects.toMatchObject({
      status: 429,
      code: "FAUCET_COOLDOWN",
    });
  });
});
