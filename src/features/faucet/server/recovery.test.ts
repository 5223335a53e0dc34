import { describe, expect, it } from "vitest";
import { faucetStateFrom } from "./chain";
import { claimStatusFromPayments, decideTx, MAX_PAYMENT_ATTEMPTS, paymentOutcome } from "./recovery";

describe("decideTx (crash recovery and fee bumps)", () => {
  const BUMP = 60_000;
  const a = (hash: string, hasReceipt: boolean, ageMs = 1_000) => ({ hash, hasReceipt, ageMs });
  const decide = (attempts: ReturnType<typeof a>[], nonce: number, latestCount: number) =>
    decideTx({ attempts, nonce, latestCount, bumpAfterMs: BUMP });

  it("settles whatever has a receipt", () => {
    expect(decide([a("0x1", true)], 3, 10)).toEqual({ kind: "settle", hash: "0x1" });
    expect(decide([a("0x1", true)], 3, 3)).toEqual({ kind: "settle", hash: "0x1" });
  });
  it("settles from whichever attempt was mined, the original or a bump", () => {
    expect(decide([a("0xa", false), a("0xb", true)], 4, 5)).toEqual({ kind: "settle", hash: "0xb" });
    expect(decide([a("0xa", true), a("0xb", false), a("0xc", false)], 4, 5)).toEqual({
      kind: "settle",
      hash: "0xa",
    });
  });
  it("re-broadcasts the newest attempt while its nonce is unused and it has not waited too long", () => {
    expect(decide([a("0x1", false)], 5, 5)).toEqual({ kind: "rebroadcast" });
    expect(decide([a("0x1", false)], 9, 5)).toEqual({ kind: "rebroadcast" });
    expect(decide([a("0xa", false, 5 * BUMP), a("0xb", false, BUMP - 1)], 5, 5)).toEqual({
      kind: "rebroadcast",
    });
  });
  it("bumps once the newest attempt has been pending for the threshold", () => {
    expect(decide([a("0x1", false, BUMP)], 5, 5)).toEqual({ kind: "bump" });
    expect(decide([a("0xa", false, 3 * BUMP), a("0xb", false, BUMP + 1)], 7, 5)).toEqual({ kind: "bump" });
  });
  it("gives the payments back to the queue only when the nonce is used and NO attempt has a receipt", () => {
    expect(decide([a("0x1", false)], 4, 5)).toEqual({ kind: "replaced" });
    expect(decide([a("0xa", false), a("0xb", false), a("0xc", false)], 4, 5)).toEqual({ kind: "replaced" });
    // Old enough to bump, but the nonce is gone: a bump could not be mined either.
    expect(decide([a("0x1", false, 10 * BUMP)], 4, 5)).toEqual({ kind: "replaced" });
  });
  it("never releases when any attempt was mined, whatever its position, age or the count (exhaustive)", () => {
    for (let n = 1; n <= 4; n++) {
      for (let mined = 0; mined < n; mined++) {
        for (const latestCount of [0, 4, 5, 100]) {
          for (const age of [0, BUMP - 1, BUMP, 10 * BUMP]) {
            const attempts = Array.from({ length: n }, (_, i) => a(`0x${i}`, i === mined, age));
            expect(decide(attempts, 4, latestCount)).toEqual({ kind: "settle", hash: `0x${mined}` });
          }
        }
      }
    }
  });
  it("refuses to decide without attempts: no receipt among none proves nothing", () => {
    expect(() => decide([], 4, 5)).toThrow(/without attempts/);
  });
});

describe("paymentOutcome", () => {
  it("confirms a paid recipient and fails one whose PaymentFailed was emitted", () => {
    expect(paymentOutcome({ receiptStatus: "success", paymentFailedEmitted: false, attempts: 0 })).toEqual({
      status: "confirmed",
    });
    expect(paymentOutcome({ receiptStatus: "success", paymentFailedEmitted: true, attempts: 0 }).status).toBe(
      "failed",
    );
  });
  it("re-queues after a revert (nothing was paid) until the attempts run out", () => {
    expect(
      paymentOutcome({ receiptStatus: "reverted", paymentFailedEmitted: false, attempts: 0 }).status,
    ).toBe("queued");
    expect(
      paymentOutcome({
        receiptStatus: "reverted",
        paymentFailedEmitted: false,
        attempts: MAX_PAYMENT_ATTEMPTS - 1,
      }).status,
    ).toBe("failed");
  });
});

describe("claimStatusFromPayments", () => {
  it.each([
    [["confirmed", "confirmed", "confirmed"], "confirmed"],
    [["queued", "queued"], "queued"],
    [["sent", "queued"], "sent"],
    [["confirmed", "queued"], "sent"],
    [["confirmed", "failed"], "failed"],
    [["failed", "sent"], "sent"],
    [[], "failed"],
  ] as const)("%j → %s", (payments, expected) => {
    expect(claimStatusFromPayments(payments)).toBe(expected);
  });
});

describe("faucetStateFrom", () => {
  const min = { minNativeBalance: 10n };
  it("is refilling below the minimum native balance", () => {
    expect(faucetStateFrom({ native: 9n, tUSD: 100n, tETH: 100n }, min, {})).toBe("refilling");
    expect(faucetStateFrom({ native: 10n, tUSD: 100n, tETH: 100n }, min, {})).toBe("ok");
  });
  it("is refilling when an asset cannot cover what is needed", () => {
    expect(faucetStateFrom({ native: 15n, tUSD: 100n, tETH: 100n }, min, { native: 6n })).toBe("refilling");
    expect(faucetStateFrom({ native: 100n, tUSD: 5n, tETH: 100n }, min, { tUSD: 6n })).toBe("refilling");
    expect(faucetStateFrom({ native: 100n, tUSD: 6n, tETH: 100n }, min, { tUSD: 6n, native: 90n })).toBe(
      "ok",
    );
  });
});
