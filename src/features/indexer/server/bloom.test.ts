import { type Address, type Hex, hexToBytes, keccak256, toHex } from "viem";
import { describe, expect, it } from "vitest";
import { bloomBits, bloomMayContain } from "./bloom";

const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as Address;

/** An independent bloom builder, written from the Yellow Paper's M3:2048 definition. */
function bloomOf(values: Hex[]): Hex {
  const bloom = new Uint8Array(256);
  for (const v of values) {
    const h = hexToBytes(keccak256(hexToBytes(v)));
    for (const i of [0, 2, 4]) {
      const bit = ((h[i]! << 8) | h[i + 1]!) & 2047;
      bloom[255 - (bit >> 3)]! |= 1 << (bit & 7);
    }
  }
  return toHex(bloom);
}

describe("logs bloom", () => {
  const watched = [addr(2), addr(6)].map(bloomBits);

  it("finds a watched address among the logs' addresses and topics", () => {
    const topic = keccak256(toHex("Transfer(address,address,uint256)"));
    expect(bloomMayContain(bloomOf([addr(0x99), topic, addr(6)]), watched)).toBe(true);
  });

  it("proves a block without logs of watched addresses has none", () => {
    expect(bloomMayContain(bloomOf([]), watched)).toBe(false);
    expect(bloomMayContain(bloomOf([addr(0x99), addr(0x98)]), watched)).toBe(false);
  });

  it("matches only when all three bits of one address are set", () => {
    const [a, b] = bloomBits(addr(2));
    const partial = new Uint8Array(256);
    for (const bit of [a, b]) partial[255 - (bit >> 3)]! |= 1 << (bit & 7);
    expect(bloomMayContain(toHex(partial), [bloomBits(addr(2))])).toBe(false);
  });

  it("treats a missing or malformed bloom as 'may contain' (it proves nothing)", () => {
    expect(bloomMayContain(null, watched)).toBe(true);
    expect(bloomMayContain("0x1234", watched)).toBe(true);
  });

  it("matches nothing when nothing is watched", () => {
    expect(bloomMayContain(`0x${"ff".repeat(256)}`, [])).toBe(false);
  });
});
