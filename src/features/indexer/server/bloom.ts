import { type Hex, hexToBytes, keccak256 } from "viem";

/** The three bit positions (0…2047) an address or topic sets in a block's 2048-bit logs bloom. */
export type BloomBits = readonly [number, number, number];

/** Bloom positions of a 20-byte address or 32-byte topic (Yellow Paper, M3:2048). */
export function bloomBits(value: Hex): BloomBits {
  const h = hexToBytes(keccak256(value));
  const bit = (i: number) => ((h[i]! << 8) | h[i + 1]!) & 2047;
  return [bit(0), bit(2), bit(4)];
}

/**
 * True when the block's bloom may hold a log of one of `watched`: false positives happen, false
 * negatives never do, so "false" proves the block has none of their logs. A missing or malformed
 * bloom answers true: it proves nothing.
 */
export function bloomMayContain(logsBloom: string | null | undefined, watched: Iterable<BloomBits>): boolean {
  if (!logsBloom || !/^0x[0-9a-fA-F]{512}$/.test(logsBloom)) return true;
  // Bit b lives in byte 255 - b/8 (big-endian), as bit b%8 of that byte.
  const isSet = (b: number) => {
    const at = 2 + 2 * (255 - (b >> 3));
    return ((Number.parseInt(logsBloom.slice(at, at + 2), 16) >> (b & 7)) & 1) === 1;
  };
  for (const bits of watched) if (bits.every(isSet)) return true;
  return false;
}
