import { isAddress, zeroAddress } from "viem";
import { isValidAddress } from "@/lib/address-checks";
import { messages } from "@/lib/validation-messages";

/** Said besides the seed's invalid-address message when only the EIP-55 capitalisation is wrong. */
export const CHECKSUM_TYPO = "The capitalisation doesn't match — check the address.";

/** A contract of our deployment that a transfer should not go to (docs/ARCHITECTURE.md, "Web3 layer"). */
export type KnownContract = { address: string; label: string };

/** Well-known burn addresses besides the zero address: nothing sent there can come back. */
const BURN_ADDRESSES = new Set([zeroAddress, "0x000000000000000000000000000000000000dead"]);

/**
 * The seed's message for an address that is not one, or null. A mixed-case address of the right
 * shape whose EIP-55 checksum fails is almost always a typo in one character: say so too.
 */
export function receiverAddressError(text: string): string | null {
  if (isValidAddress(text)) return null;
  const looksRight = /^0x[0-9a-fA-F]{40}$/.test(text) && isAddress(text, { strict: false });
  return looksRight ? `${messages.address(text)} ${CHECKSUM_TYPO}` : messages.address(text);
}

export type RecipientRisk =
  | { kind: "burn" }
  /** `label` names our contract; null for any other address with code. */
  | { kind: "contract"; label: string | null };

/**
 * Why sending to `address` would lose the funds, or null when it looks like a person's account.
 * `hasCode` is the chain's answer to getCode (undefined while unknown).
 */
export function recipientRisk(
  address: string,
  known: readonly KnownContract[],
  hasCode: boolean | undefined,
): RecipientRisk | null {
  const a = address.toLowerCase();
  if (BURN_ADDRESSES.has(a as typeof zeroAddress)) return { kind: "burn" };
  const ours = known.find((k) => k.address.toLowerCase() === a);
  if (ours) return { kind: "contract", label: ours.label };
  return hasCode ? { kind: "contract", label: null } : null;
}

/** The warning the review shows for a risk, and what the sender must acknowledge. */
export function riskText(risk: RecipientRisk, symbol: string): { title: string; body: string; ack: string } {
  if (risk.kind === "burn") {
    return {
      title: "This is a burn address",
      body: `Nobody holds the key to this address: ${symbol} sent here is destroyed and can never be recovered.`,
      ack: `I understand this ${symbol} will be burned`,
    };
  }
  const what = risk.label ? `the ${risk.label}` : "a smart contract";
  return {
    title: "This address is a contract",
    body: `This is ${what}, not a person's wallet. ${symbol} sent to a contract directly is usually stuck there for good: to swap, stake or add liquidity use those pages instead.`,
    ack: `I understand and want to send to ${what} anyway`,
  };
}

/** The network fee of a transaction: estimated gas × gas price, in the native coin's base units. */
export const networkFee = (gas: bigint, gasPrice: bigint) => gas * gasPrice;
