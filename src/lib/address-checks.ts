// Address checks need viem's checksum (keccak): kept apart from ./address.ts, which the header
// (on every page) uses, so the first load stays small.
import { getAddress, isAddress } from "viem";

/**
 * The seed's address rule: 0x + 40 hex characters, and when the letters are mixed-case the checksum
 * must match (all lower- or all upper-case carries no checksum).
 */
export function isValidAddress(value: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return false;
  const hex = value.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return isAddress(value, { strict: true });
}

/** Checksummed form of a valid address (any casing). */
export const normalizeAddress = (value: string) => getAddress(value.toLowerCase());
