import { BaseError, type Hex } from "viem";
import { isUserRejection } from "@/wallet-modal/lib/user-rejection";
import { decodeRevert, type RevertContext, revertMessages, revertSentence } from "./revert-messages";

/**
 * Wallet, RPC and contract errors → the sentence a user sees. Pure and shared by swap, stake, the
 * faucet, the airdrop and the wallet page. Reverts are decoded with every custom error of our
 * contracts plus Solidity's Error/Panic (revert-messages.ts), wherever the data sits: viem's decoded
 * error, raw RPC data, a wallet's nested `data`, or only the node's text ("custom error 0x…").
 */
export type WalletErrorKind =
  | "rejected"
  | "insufficient-funds"
  | "nonce"
  | "fee"
  | "chain"
  | "revert"
  | "unknown";

export type WalletErrorInfo = { kind: WalletErrorKind; message: string; errorName?: string };

export const walletErrorMessages = {
  rejected: "Transaction rejected in your wallet",
  insufficientFunds: "Your wallet does not have enough funds to pay for this transaction and its network fee",
  nonce:
    "Your wallet's nonce is out of date (nonce too low). Wait for pending transactions or reset the wallet's activity, then try again",
  fee: "The network fee is too low (replacement underpriced). Try again with a higher fee",
  chain: "Your wallet is on another network. Switch to the testnet and try again",
  slippage: revertMessages.slippage,
  expired: revertMessages.expired,
  noReason: revertMessages.noReason,
  unknown: "Something went wrong",
} as const;

type Loose = { [k: string]: unknown };
type Found = { errorName: string; args: readonly unknown[] };

/** Every error object in the cause chain (viem nests RPC errors 3-4 levels deep). */
function chain(err: unknown): Loose[] {
  const out: Loose[] = [];
  let cur: unknown = err;
  for (let i = 0; i < 10 && cur && typeof cur === "object"; i++) {
    out.push(cur as Loose);
    cur = (cur as Loose).cause;
  }
  return out;
}

const isRevertData = (v: unknown): v is Hex => typeof v === "string" && /^0x[0-9a-fA-F]{8}/.test(v);

/** Revert data as nodes print it when a wallet passes on only the message (Anvil/Foundry, viem). */
const TEXT_DATA = [
  /custom error (0x[0-9a-f]{8})(?::\s*([0-9a-f]*))?/i,
  /following signature:\s*(0x[0-9a-f]{8})/i,
];

function fromText(text: string): Found | undefined {
  for (const re of TEXT_DATA) {
    const m = re.exec(text);
    if (m?.[1]) {
      const decoded = decodeRevert(`${m[1]}${m[2] ?? ""}` as Hex) ?? decodeRevert(m[1] as Hex);
      if (decoded) return decoded;
    }
  }
  return undefined;
}

function findRevert(links: Loose[]): Found | undefined {
  for (const e of links) {
    const data = e.data as Loose | string | undefined;
    // viem's ContractFunctionRevertedError: already decoded (with the called contract's ABI).
    if (data && typeof data === "object" && typeof data.errorName === "string")
      return { errorName: data.errorName, args: (data.args as readonly unknown[] | undefined) ?? [] };
    for (const raw of [data, e.raw, data && typeof data === "object" ? data.data : undefined]) {
      const decoded = isRevertData(raw) ? decodeRevert(raw) : undefined;
      if (decoded) return decoded;
    }
    if (typeof e.errorName === "string") return { errorName: e.errorName, args: [] };
  }
  for (const e of links) {
    for (const t of [e.details, e.shortMessage, e.message]) {
      const found = typeof t === "string" ? fromText(t) : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

/** A revert that carried no data at all (`revert()`, or an out-of-gas inside a called contract). */
function isEmptyRevert(links: Loose[], text: string): boolean {
  return (
    links.some(
      (e) =>
        e.code === 3 &&
        (e.data === "0x" ||
          (e.data === undefined && /^execution reverted\.?$/i.test(String(e.details ?? e.message ?? "")))),
    ) || /reverted for an unknown reason/.test(text)
  );
}

/** The node's reason text ("execution reverted: Paused"), read from one message at a time. */
function revertReason(links: Loose[]): string | undefined {
  const texts = links.flatMap((e) =>
    [e.details, e.shortMessage, e.message].filter((t) => typeof t === "string"),
  );
  for (const re of [/execution reverted: ([^\n"]+)/i, /execution reverted ([^\n"]+)/i]) {
    for (const t of texts as string[]) {
      const m = re.exec(t)?.[1]?.trim();
      if (m) return m.toLowerCase();
    }
  }
  return undefined;
}

export function describeWalletError(err: unknown, ctx: RevertContext = {}): WalletErrorInfo {
  const links = chain(err);
  const text = links
    .map((e) => [e.shortMessage, e.details, e.message].filter((s) => typeof s === "string").join(" "))
    .join(" ")
    .toLowerCase();
  const codes = links.map((e) => e.code);
  const names = links.map((e) => e.name);

  if (isUserRejection(err)) {
    return { kind: "rejected", message: walletErrorMessages.rejected };
  }
  const revert = findRevert(links);
  if (revert) return { kind: "revert", errorName: revert.errorName, message: revertSentence(revert, ctx) };
  if (names.includes("InsufficientFundsError") || /insufficient funds/.test(text)) {
    return { kind: "insufficient-funds", message: walletErrorMessages.insufficientFunds };
  }
  if (names.includes("NonceTooLowError") || /nonce too low|nonce has already been used/.test(text)) {
    return { kind: "nonce", message: walletErrorMessages.nonce };
  }
  if (
    names.includes("FeeCapTooLowError") ||
    /replacement (transaction )?underpriced|transaction underpriced|fee too low|less than (the )?block base fee|max fee per gas less than/.test(
      text,
    )
  ) {
    return { kind: "fee", message: walletErrorMessages.fee };
  }
  if (
    names.includes("ChainMismatchError") ||
    codes.includes(4902) ||
    /chain mismatch|does not match the target chain/.test(text)
  ) {
    return { kind: "chain", message: walletErrorMessages.chain };
  }
  if (isEmptyRevert(links, text)) return { kind: "revert", message: walletErrorMessages.noReason };
  const reason = revertReason(links);
  if (reason) return { kind: "revert", message: `The transaction would fail: ${reason}` };
  const first = err instanceof BaseError ? err.shortMessage : err instanceof Error ? err.message : undefined;
  return { kind: "unknown", message: first && first.length < 160 ? first : walletErrorMessages.unknown };
}

export function walletErrorMessage(err: unknown, ctx: RevertContext = {}): string {
  return describeWalletError(err, ctx).message;
}
