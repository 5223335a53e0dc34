import { describe, expect, it } from "vitest";
import { faucetStateFrom } from "./chain";
import { claimStatusFromPayments, decideTx, MAX_PAYMENT_ATTEMPTS, paymentOutcome } from "./recovery";

describe("decideTx (crash recovery)", () => {
  it("settles whatever has a receipt", () => {
    expect(decideTx({ hasReceipt: true, nonce: 3, latestCount: 10 })).toBe("settle");
    expect(decideTx({ hasReceipt: true, nonce: 3, latestCount: 3 })).toBe("settle");
  });
  it("re-broadcasts the same bytes while its nonce is unused", () => {
    expect(decideTx({ hasReceipt: false, nonce: 5, latestCount: 5 })).toBe("rebroadcast");
    expect(decideTx({ hasReceipt: false, nonce: 9, latestCount: 5 })).toBe("rebroadcast");
  });
  it("gives the payments back to the queue when another transaction used the nonce", () => {
    expect(decideTx({ hasReceipt: false, nonce: 4, latestCount: 5 })).toBe("replaced");
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
