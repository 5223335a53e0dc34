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
  | "network"
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
  /** 4902: the wallet does not know the chain. The Testnet page's "Add to wallet" adds it. */
  unknownChain:
    "Your wallet does not have the testnet yet. Add it with “Add to wallet” on the Testnet page, then try again",
  switchDeclined: "You declined the network switch in your wallet. Switch to the testnet to continue",
  /** The wallet refused wallet_addEthereumChain itself, so “Add to wallet” would fail the same way. */
  addChainFailed:
    "Your wallet could not add the testnet. Add it by hand in your wallet’s network settings with the details under “Network details” on the Testnet page, then switch to it and try again",
  switchFailed:
    "Your wallet could not switch to the testnet. Switch to it in your wallet (or add it with “Add to wallet” on the Testnet page), then try again",
  /** A read or send the RPC node did not answer (HTTP failure, timeout, an RPC error with no meaning). */
  network: "Could not read the network. Check your connection and try again",
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

/** viem's transport errors: their shortMessage says nothing a user can act on. */
const TRANSPORT_ERRORS = ["HttpRequestError", "WebSocketRequestError", "TimeoutError", "UnknownRpcError"];
const TRANSPORT_TEXT =
  /^(http request failed|an unknown rpc error occurred|the request took too long to respond|websocket request failed|failed to fetch|network ?error|fetch failed|load failed)\.?$/i;

function isTransportError(links: Loose[]): boolean {
  return links.some(
    (e) =>
      TRANSPORT_ERRORS.includes(String(e.name)) ||
      [e.shortMessage, e.message].some((t) => typeof t === "string" && TRANSPORT_TEXT.test(t.trim())),
  );
}

/**
 * An EIP-1193 code from the wallet anywhere in the chain, also under `data.originalError` (mobile
 * wallets). Not viem's SwitchChainError: it carries 4902 whatever the wallet said (wagmi wraps every
 * failed switch in it).
 */
function hasCode(links: Loose[], code: number): boolean {
  return links.some((e) => {
    if (e.name === "SwitchChainError") return false;
    const data = e.data as Loose | undefined;
    const original = data && typeof data === "object" ? (data.originalError as Loose | undefined) : undefined;
    return e.code === code || original?.code === code;
  });
}

export function describeWalletError(err: unknown, ctx: RevertContext = {}): WalletErrorInfo {
  const links = chain(err);
  const text = links
    .map((e) => [e.shortMessage, e.details, e.message].filter((s) => typeof s === "string").join(" "))
    .join(" ")
    .toLowerCase();
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
  if (hasCode(links, 4902)) return { kind: "chain", message: walletErrorMessages.unknownChain };
  if (names.includes("SwitchChainError")) return { kind: "chain", message: walletErrorMessages.switchFailed };
  if (names.includes("ChainMismatchError") || /chain mismatch|does not match the target chain/.test(text)) {
    return { kind: "chain", message: walletErrorMessages.chain };
  }
  if (isEmptyRevert(links, text)) return { kind: "revert", message: walletErrorMessages.noReason };
  const reason = revertReason(links);
  if (reason) return { kind: "revert", message: `The transaction would fail: ${reason}` };
  if (isTransportError(links)) return { kind: "network", message: walletErrorMessages.network };
  const first = err instanceof BaseError ? err.shortMessage : err instanceof Error ? err.message : undefined;
  // One short line of the error's own words, never viem's multi-line dump (call arguments, docs, version).
  const readable = first && first.length < 160 && !first.includes("\n");
  return { kind: "unknown", message: readable ? first : walletErrorMessages.unknown };
}

/**
 * wagmi's connectors (injected, WalletConnect) answer an unknown chain by asking the wallet to add it,
 * and throw whatever that request failed with wrapped in a UserRejectedRequestError (code 4001): a
 * wallet that cannot add networks (4200, -32601, -32602, a refused RPC URL…) read as a decline.
 * Their real declines keep a rejection as the cause (the wallet's 4001 on the switch or the add,
 * "User rejected switch after adding network."), so any other cause is the add failing.
 */
function isFailedAddChain(links: Loose[]): boolean {
  const wrapper = links.findIndex((e) => e.name === "UserRejectedRequestError");
  const cause = links[wrapper + 1];
  return wrapper >= 0 && cause !== undefined && !isUserRejection(cause);
}

/**
 * Why switching the wallet to the testnet failed (before any transaction was asked for): a declined
 * switch is not a rejected transaction, and an unknown chain (4902) needs the network added first.
 */
export function switchChainErrorMessage(err: unknown): string {
  const links = chain(err);
  if (isFailedAddChain(links)) return walletErrorMessages.addChainFailed;
  if (hasCode(links, 4902)) return walletErrorMessages.unknownChain;
  if (isUserRejection(err)) return walletErrorMessages.switchDeclined;
  if (isTransportError(links)) return walletErrorMessages.network;
  return walletErrorMessages.switchFailed;
}

export function walletErrorMessage(err: unknown, ctx: RevertContext = {}): string {
  return describeWalletError(err, ctx).message;
}
