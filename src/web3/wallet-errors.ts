import { type Abi, BaseError, decodeErrorResult, type Hex } from "viem";
import { pairAbi, routerAbi, stakingRewardsAbi, testTokenAbi, wrappedNativeAbi } from "@/chain/generated";

/**
 * Wallet, RPC and contract errors → the sentence a user sees. Pure and shared by swap, stake and
 * the wallet page. Custom error names come from contracts/ (Router, AmmLibrary, Pair,
 * StakingRewards, OpenZeppelin ERC-20).
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
  slippage: "Price moved beyond your slippage tolerance",
  expired: "The transaction deadline passed before it was mined. Try again",
  unknown: "Something went wrong",
} as const;

const REVERT_MESSAGES: Record<string, string> = {
  InsufficientOutputAmount: walletErrorMessages.slippage,
  ExcessiveInputAmount: walletErrorMessages.slippage,
  InsufficientAAmount: walletErrorMessages.slippage,
  InsufficientBAmount: walletErrorMessages.slippage,
  Expired: walletErrorMessages.expired,
  InsufficientLiquidity: "Not enough liquidity in the pool for this trade",
  InsufficientInputAmount: "Amount must be greater than 0",
  InsufficientAmount: "Amount must be greater than 0",
  InsufficientLiquidityMinted: "This amount is too small to add liquidity",
  InsufficientLiquidityBurned: "This amount is too small to remove liquidity",
  K: walletErrorMessages.slippage,
  InvalidPath: "No route for this trade",
  IdenticalAddresses: "Choose two different tokens",
  FeeOnTransferNotSupported: "Tokens that take a fee on transfer are not supported",
  NativeTransferFailed: "Sending the native coin failed",
  ERC20InsufficientAllowance: "The approved amount is too low. Approve the exact amount again",
  ERC20InsufficientBalance: "Insufficient token balance",
  ZeroAmount: "Amount must be greater than 0",
  InsufficientBalance: "You cannot unstake more than you have staked",
  ReentrancyGuardReentrantCall: "The contract refused a re-entrant call",
};

const ABIS: Abi[] = [routerAbi, pairAbi, stakingRewardsAbi, wrappedNativeAbi, testTokenAbi] as Abi[];

function decodeRevertData(data: Hex): string | undefined {
  for (const abi of ABIS) {
    try {
      return decodeErrorResult({ abi, data }).errorName;
    } catch {
      // not an error of this ABI; try the next
    }
  }
  return undefined;
}

type Loose = { [k: string]: unknown };

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

function findErrorName(links: Loose[]): string | undefined {
  for (const e of links) {
    const data = e.data as Loose | string | undefined;
    if (data && typeof data === "object" && typeof data.errorName === "string") return data.errorName;
    if (typeof data === "string" && /^0x[0-9a-fA-F]{8}/.test(data)) {
      const name = decodeRevertData(data as Hex);
      if (name) return name;
    }
    if (data && typeof data === "object" && typeof data.data === "string") {
      const name = decodeRevertData(data.data as Hex);
      if (name) return name;
    }
    if (typeof e.errorName === "string") return e.errorName;
  }
  return undefined;
}

export function describeWalletError(err: unknown): WalletErrorInfo {
  const links = chain(err);
  const text = links
    .map((e) => [e.shortMessage, e.details, e.message].filter((s) => typeof s === "string").join(" "))
    .join(" ")
    .toLowerCase();
  const codes = links.map((e) => e.code);
  const names = links.map((e) => e.name);

  if (
    codes.includes(4001) ||
    names.includes("UserRejectedRequestError") ||
    /user (rejected|denied)|rejected the request/.test(text)
  ) {
    return { kind: "rejected", message: walletErrorMessages.rejected };
  }
  const errorName = findErrorName(links);
  if (errorName) {
    return {
      kind: "revert",
      errorName,
      message: REVERT_MESSAGES[errorName] ?? `The transaction would fail (${errorName})`,
    };
  }
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
  const reason = /execution reverted:? ([^\n"]+)/.exec(text)?.[1]?.trim();
  if (reason) return { kind: "revert", message: `The transaction would fail: ${reason}` };
  const first = err instanceof BaseError ? err.shortMessage : err instanceof Error ? err.message : undefined;
  return { kind: "unknown", message: first && first.length < 160 ? first : walletErrorMessages.unknown };
}

export function walletErrorMessage(err: unknown): string {
  return describeWalletError(err).message;
}
