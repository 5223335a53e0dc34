import { encodeFunctionData, keccak256, parseGwei, parseTransaction } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { disperseAbi } from "@/chain/generated";
import type { FaucetChain } from "./chain";
import { bumpFees, capFees, minReplacementFee } from "./fees";
import { feesOf, signReplacement } from "./signing";

const gwei = (v: string) => parseGwei(v);
const fees = (maxFee: string, tip: string) => ({
  maxFeePerGas: gwei(maxFee),
  maxPriorityFeePerGas: gwei(tip),
});
const CAP = gwei("100");

describe("minReplacementFee", () => {
  it("is +12.5 %, rounded up, and always strictly more", () => {
    expect(minReplacementFee(gwei("4"))).toBe(gwei("4.5"));
    expect(minReplacementFee(1001n)).toBe(1127n); // 1126.125 rounds up
    expect(minReplacementFee(1n)).toBe(2n);
    expect(minReplacementFee(0n)).toBe(1n);
  });
});

describe("bumpFees", () => {
  it("raises both fees by at least 12.5 % when the network estimate is lower", () => {
    const r = bumpFees({ previous: fees("4", "1"), estimate: fees("2", "0.5"), maxFeePerGas: CAP });
    expect(r).toEqual({ kind: "bumped", fees: fees("4.5", "1.125"), limited: false });
  });

  it("follows the network estimate when it is above the minimum bump (one bump catches up a spike)", () => {
    const r = bumpFees({ previous: fees("4", "1"), estimate: fees("40", "3"), maxFeePerGas: CAP });
    expect(r).toEqual({ kind: "bumped", fees: fees("40", "3"), limited: false });
  });

  it("takes each fee's own floor: a higher estimated tip with a low estimated fee cap", () => {
    const r = bumpFees({ previous: fees("4", "1"), estimate: fees("3", "2"), maxFeePerGas: CAP });
    expect(r).toEqual({ kind: "bumped", fees: fees("4.5", "2"), limited: false });
  });

  it("never signs a tip above the fee cap", () => {
    const r = bumpFees({ previous: fees("4", "4"), estimate: fees("1", "1"), maxFeePerGas: CAP });
    expect(r).toEqual({ kind: "bumped", fees: fees("4.5", "4.5"), limited: false });
    const high = bumpFees({ previous: fees("4", "1"), estimate: fees("2", "9"), maxFeePerGas: CAP });
    expect(high).toEqual({ kind: "bumped", fees: fees("9", "9"), limited: false });
  });

  it("holds the fees at the cap when the estimate is above it but the minimum bump fits", () => {
    const r = bumpFees({ previous: fees("80", "2"), estimate: fees("500", "5"), maxFeePerGas: CAP });
    expect(r).toEqual({ kind: "bumped", fees: fees("100", "5"), limited: true });
    const tip = bumpFees({ previous: fees("80", "2"), estimate: fees("500", "300"), maxFeePerGas: CAP });
    expect(tip).toEqual({ kind: "bumped", fees: fees("100", "100"), limited: true });
  });

  it("is capped (keep waiting) when even the minimum bump exceeds the cap", () => {
    const r = bumpFees({ previous: fees("90", "2"), estimate: fees("500", "5"), maxFeePerGas: CAP });
    expect(r).toEqual({ kind: "capped", needed: fees("101.25", "2.25") });
    // At the cap exactly: the next bump cannot be signed.
    expect(bumpFees({ previous: fees("100", "1"), estimate: fees("1", "1"), maxFeePerGas: CAP }).kind).toBe(
      "capped",
    );
  });

  it("every bumped result is a valid replacement under the cap (sweep)", () => {
    const values = ["0", "0.000000001", "1", "3.3", "50", "88.9", "99", "100", "150"].map(gwei);
    for (const pm of values)
      for (const pt of values)
        for (const em of values)
          for (const et of values) {
            if (pt > pm) continue;
            const previous = { maxFeePerGas: pm, maxPriorityFeePerGas: pt };
            const estimate = { maxFeePerGas: em, maxPriorityFeePerGas: et };
            const r = bumpFees({ previous, estimate, maxFeePerGas: CAP });
            if (r.kind === "capped") {
              expect(minReplacementFee(pm) > CAP || minReplacementFee(pt) > CAP).toBe(true);
              continue;
            }
            expect(r.fees.maxFeePerGas).toBeLessThanOrEqual(CAP);
            expect(r.fees.maxPriorityFeePerGas).toBeLessThanOrEqual(r.fees.maxFeePerGas);
            expect(r.fees.maxFeePerGas * 1000n).toBeGreaterThanOrEqual(pm * 1125n);
            expect(r.fees.maxPriorityFeePerGas * 1000n).toBeGreaterThanOrEqual(pt * 1125n);
            expect(r.fees.maxFeePerGas).toBeGreaterThan(pm);
            expect(r.fees.maxPriorityFeePerGas).toBeGreaterThan(pt);
            if (!r.limited) {
              expect(r.fees.maxFeePerGas).toBeGreaterThanOrEqual(em);
              expect(r.fees.maxPriorityFeePerGas).toBeGreaterThanOrEqual(et);
            }
          }
  });
});

describe("capFees", () => {
  it("leaves fees under the cap alone and clamps both fees to it otherwise", () => {
    expect(capFees(fees("4", "1"), CAP)).toEqual(fees("4", "1"));
    expect(capFees(fees("400", "1"), CAP)).toEqual(fees("100", "1"));
    expect(capFees(fees("400", "200"), CAP)).toEqual(fees("100", "100"));
  });
});

describe("signReplacement", () => {
  it("re-signs the same nonce and payload (recipients, amounts, value, gas), only the fees change", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const fc = { account, chainId: 99199 } as unknown as FaucetChain;
    const data = encodeFunctionData({
      abi: disperseAbi,
      functionName: "disperseNative",
      args: [
        ["0x00000000000000000000000000000000000000a1", "0x00000000000000000000000000000000000000a2"],
        [1n, 2n],
      ],
    });
    const original = await account.signTransaction({
      type: "eip1559",
      chainId: 99199,
      nonce: 42,
      to: "0x00000000000000000000000000000000000000d1",
      data,
      value: 3n,
      gas: 270_000n,
      ...fees("4", "1"),
    });
    const bumped = await signReplacement(fc, original, fees("4.5", "1.125"));
    expect(bumped.hash).toBe(keccak256(bumped.raw));
    expect(bumped.hash).not.toBe(keccak256(original));
    const {
      maxFeePerGas: _a,
      maxPriorityFeePerGas: _b,
      r: _r,
      s: _s,
      v: _v,
      yParity: _y,
      ...was
    } = parseTransaction(original);
    const {
      maxFeePerGas: _c,
      maxPriorityFeePerGas: _d,
      r: _r2,
      s: _s2,
      v: _v2,
      yParity: _y2,
      ...now
    } = parseTransaction(bumped.raw);
    expect(now).toEqual(was);
    expect(was).toMatchObject({ nonce: 42, value: 3n, gas: 270_000n, data, chainId: 99199 });
    expect(feesOf(bumped.raw)).toEqual(fees("4.5", "1.125"));
  });
});
