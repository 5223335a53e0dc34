import { describe, expect, it } from "vitest";
import { explainClaimError, formatCountdown, formatTokenAmount } from "./format";

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

  it("explains the distributor's errors and passes others through", () => {
    expect(explainClaimError("The transaction would fail (AlreadyClaimed)")).toMatch(/already been claimed/);
    expect(explainClaimError("The transaction would fail (InvalidProof)")).toMatch(
      /did not accept the proof/,
    );
    expect(explainClaimError("Transaction rejected in your wallet")).toBe(
      "Transaction rejected in your wallet",
    );
  });
});
