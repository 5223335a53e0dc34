import {
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  InsufficientFundsError,
  NonceTooLowError,
  TransactionExecutionError,
  UserRejectedRequestError,
} from "viem";
import { describe, expect, it } from "vitest";
import { routerAbi, stakingRewardsAbi } from "@/chain/generated";
import { describeWalletError, walletErrorMessage, walletErrorMessages } from "./wallet-errors";

const revert = (abi: typeof routerAbi | typeof stakingRewardsAbi, errorName: string, args?: unknown[]) => {
  // biome-ignore lint/suspicious/noExplicitAny: test helper over several ABIs
  const data = encodeErrorResult({ abi: abi as any, errorName, args } as any);
  return new ContractFunctionExecutionError(
    // biome-ignore lint/suspicious/noExplicitAny: test helper over several ABIs
    new ContractFunctionRevertedError({ abi: abi as any, data, functionName: "swapExactETHForTokens" }),
    // biome-ignore lint/suspicious/noExplicitAny: test helper over several ABIs
    { abi: abi as any, functionName: "swapExactETHForTokens", args: [] },
  );
};

describe("walletErrorMessage", () => {
  it("maps a wallet rejection (EIP-1193 4001)", () => {
    expect(walletErrorMessage(new UserRejectedRequestError(new Error("User denied")))).toBe(
      "Transaction rejected in your wallet",
    );
    expect(walletErrorMessage({ code: 4001, message: "nope" })).toBe("Transaction rejected in your wallet");
    const wrapped = new TransactionExecutionError(new UserRejectedRequestError(new Error("x")), {} as never);
    expect(walletErrorMessage(wrapped)).toBe(walletErrorMessages.rejected);
  });

  it("maps the router's insufficient-output revert to the slippage message", () => {
    expect(walletErrorMessage(revert(routerAbi, "InsufficientOutputAmount"))).toBe(
      "Price moved beyond your slippage tolerance",
    );
    expect(walletErrorMessage(revert(routerAbi, "ExcessiveInputAmount"))).toBe(walletErrorMessages.slippage);
    expect(describeWalletError(revert(routerAbi, "Expired"))).toMatchObject({
      kind: "revert",
      errorName: "Expired",
      message: walletErrorMessages.expired,
    });
  });

  it("decodes raw revert data nested in an RPC error", () => {
    const data = encodeErrorResult({ abi: routerAbi, errorName: "InsufficientOutputAmount" });
    const rpc = { name: "RpcRequestError", code: 3, message: "execution reverted", data };
    const err = new BaseError("Execution reverted", { cause: rpc as unknown as Error });
    expect(walletErrorMessage(err)).toBe(walletErrorMessages.slippage);
    const staking = encodeErrorResult({
      abi: stakingRewardsAbi,
      errorName: "InsufficientBalance",
      args: [2n, 1n],
    });
    expect(walletErrorMessage({ message: "reverted", data: { data: staking } })).toBe(
      "You cannot unstake more than you have staked",
    );
  });

  it("maps gas, nonce and fee problems", () => {
    expect(walletErrorMessage(new InsufficientFundsError())).toBe(walletErrorMessages.insufficientFunds);
    expect(walletErrorMessage(new Error("insufficient funds for gas * price + value"))).toBe(
      walletErrorMessages.insufficientFunds,
    );
    expect(walletErrorMessage(new NonceTooLowError())).toBe(walletErrorMessages.nonce);
    expect(walletErrorMessage(new Error("replacement transaction underpriced"))).toBe(
      walletErrorMessages.fee,
    );
    expect(walletErrorMessage(new Error("max fee per gas less than block base fee"))).toBe(
      walletErrorMessages.fee,
    );
  });

  it("keeps a plain revert reason and falls back to a generic message", () => {
    expect(walletErrorMessage(new Error("execution reverted: Paused"))).toBe(
      "The transaction would fail: paused",
    );
    expect(walletErrorMessage(undefined)).toBe("Something went wrong");
    expect(walletErrorMessage(new Error("x".repeat(300)))).toBe("Something went wrong");
  });
});
