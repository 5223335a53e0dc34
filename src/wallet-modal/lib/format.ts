import { formatUnits } from "viem";

/** `0x1234…abcd`: first 4 and last 4 hex digits, the way wallets show an address in a chip. */
export function shortenAddress(address: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return address;
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/**
 * The seed shows balances with 3 decimals. Truncates (never rounds up) so a wallet never appears to
 * hold more than it does, and groups thousands for readability.
 */
export function formatBalance(value: bigint, decimals: number, fractionDigits = 3): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const [whole = "0", fraction = ""] = formatUnits(abs, decimals).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const cut = fraction.padEnd(fractionDigits, "0").slice(0, fractionDigits);
  const text = fractionDigits > 0 ? `${grouped}.${cut}` : grouped;
  return negative ? `-${text}` : text;
}
