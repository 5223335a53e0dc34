import { isValidAddress } from "@/lib/address-checks";

/** What an explorer path segment is, so a bad one gets a 404 with a message that says why. */
export const isTxHash = (s: string) => /^0x[0-9a-fA-F]{64}$/.test(s);
export const isBlockNumber = (s: string) => /^\d{1,15}$/.test(s) && Number.isSafeInteger(Number(s));
export const isExplorerAddress = (s: string) => isValidAddress(s);

/** Where a search box entry leads: a transaction, an address or a block; null when it is none of them. */
export function searchTarget(query: string): string | null {
  const q = query.trim();
  if (isTxHash(q)) return `/explorer/tx/${q.toLowerCase()}`;
  if (isExplorerAddress(q)) return `/explorer/address/${q}`;
  if (isBlockNumber(q)) return `/explorer/block/${Number(q)}`;
  return null;
}

/** A path segment decoded, or as it is when it is not valid percent-encoding (`%zz`). */
function decodedOrRaw(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The 404 message of an explorer path (the not-found page only knows the path). */
export function explorerNotFoundMessage(path: string): string {
  const [, , kind = "", raw = ""] = path.split("/");
  const value = decodedOrRaw(raw);
  switch (kind) {
    case "tx":
      return isTxHash(value)
        ? `Transaction ${value} was not found on this testnet.`
        : `"${value}" is not a transaction hash (0x followed by 64 hex characters).`;
    case "address":
      return `Address "${value}" is invalid.`;
    case "block":
      return isBlockNumber(value)
        ? `Block ${value} does not exist on this testnet yet.`
        : `"${value}" is not a block number (a whole number such as 42).`;
    default:
      return `Page not found: ${path}`;
  }
}
