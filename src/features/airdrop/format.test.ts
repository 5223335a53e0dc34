import { BaseError, encodeErrorResult, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { contractErrorsAbi } from "@/chain/generated";
import { walletErrorMessage } from "@/web3/wallet-errors";
import { formatCountdown, formatTokenAmount, phaseAt, sentence } from "./format";

describe("airdrop formatting", () => {
  it("formats base units like the page shows them", () => {
    expect(formatTokenAmount("1234500000000000000000", 18)).toBe("1,234.5");
    expect(formatTokenAmount(0n, 18)).toBe("0");
    expect(formatTokenAmount(1n, 18)).toBe("< 0.000001");
    expect(formatTokenAmount("1000000", 6)).toBe("1");
  });

  it("counts down to a moment and stops at zero", () => {
    expect(formatCountdown(90_061_000, 0)).toBe("1d 01h 01m 01s");
    expect(formatCountdown(61_000, 0)).toBe("1m 01s");
    expect(formatCountdown(0, 5_000)).toBe("0s");
  });

  it("derives the phase from the clock: upcoming, open through the deadline, then closed", () => {
    const r = { opensAt: new Date(1_000).toISOString(), deadline: new Date(2_000).toISOString() };
    expect([999, 1_000, 2_000, 2_001].map((t) => phaseAt(r, t))).toEqual([
      "upcoming",
      "open",
      "open",
      "closed",
    ]);
  });

  it("ends a server message with one period, never two", () => {
    expect(sentence("Sign in with your wallet first.")).toBe("Sign in with your wallet first.");
    expect(sentence("HTTP status code: 500")).toBe("HTTP status code: 500.");
  });
});

// RoundCard shows TxError.message, which is already web3's sentence (tx-exec.tsx: walletErrorMessage)
// for the distributor's error: that sentence must be the page's own explanation, not one that
// contradicts the "You are eligible for …" right above it.
const ACCOUNT = "0x00000000000000000000000000000000000000aa";
// A simulated claim that reverts, as a node reports it (same shape as src/web3/revert-messages.test.ts).
const reverted = (errorName: "InvalidProof" | "AlreadyClaimed" | "ClaimWindowFinished") => {
  const data = encodeErrorResult({ abi: contractErrorsAbi, errorName }) as Hex;
  const message = "execution reverted: custom error";
  return new BaseError("Execution reverted", {
    cause: { name: "RpcRequestError", code: 3, details: message, message, data } as unknown as Error,
  });
};

describe("the claim error the participant sees", () => {
  it("InvalidProof gets the page's own explanation, not 'not in the airdrop list'", () => {
    expect(walletErrorMessage(reverted("InvalidProof"), { account: ACCOUNT })).toBe(
      "The contract did not accept the proof for this allocation. Reload the page to fetch it again; if it persists, contact support",
    );
  });

  it("AlreadyClaimed and ClaimWindowFinished say what happened to the allocation and the window", () => {
    expect(walletErrorMessage(reverted("AlreadyClaimed"), { account: ACCOUNT })).toMatch(
      /allocation has already been claimed/,
    );
    expect(walletErrorMessage(reverted("ClaimWindowFinished"), { account: ACCOUNT })).toMatch(
      /claim window has closed/,
    );
  });
});
