/** `0x1234…abcd`: first 4 and last 4 hex digits, the way wallets show an address in a chip. */
export function shortenAddress(address: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return address;
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
