import {
  BaseError,
  CallExecutionError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  HttpRequestError,
  InsufficientFundsError,
  NonceTooLowError,
  SwitchChainError,
  TimeoutError,
  TransactionExecutionError,
  UnknownRpcError,
  UserRejectedRequestError,
} from "viem";
import { describe, expect, it } from "vitest";
import { routerAbi, stakingRewardsAbi } from "@/chain/generated";
import {
  describeWalletError,
  switchChainErrorMessage,
  walletErrorMessage,
  walletErrorMessages,
} from "./wallet-errors";

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

describe("transport and network errors", () => {
  it("never returns viem's transport shortMessage, and never its multi-line dump", () => {
    const http = new HttpRequestError({ url: "http://rpc.test", body: { method: "eth_call" } });
    expect(http.shortMessage).toBe("HTTP request failed.");
    expect(describeWalletError(http)).toEqual({ kind: "network", message: walletErrorMessages.network });
    const unknownRpc = new UnknownRpcError(new Error("boom"));
    expect(unknownRpc.shortMessage).toBe("An unknown RPC error occurred.");
    expect(walletErrorMessage(unknownRpc)).toBe(walletErrorMessages.network);
    const read = new CallExecutionError(unknownRpc, { to: "0x0000000000000000000000000000000000000002" });
    expect(walletErrorMessage(read)).toBe(walletErrorMessages.network);
    expect(walletErrorMessage(new TimeoutError({ body: {}, url: "http://rpc.test" }))).toBe(
      walletErrorMessages.network,
    );
    expect(walletErrorMessage(new TypeError("Failed to fetch"))).toBe(walletErrorMessages.network);
    expect(walletErrorMessage(new Error("line one\nline two"))).toBe(walletErrorMessages.unknown);
  });

  it("an unknown chain (4902) asks to add the network; a mismatch asks to switch", () => {
    expect(walletErrorMessage({ code: 4902, message: "Unrecognized chain ID" })).toBe(
      walletErrorMessages.unknownChain,
    );
    expect(walletErrorMessages.unknownChain).toMatch(/Add it with “Add to wallet” on the Testnet page/);
    expect(walletErrorMessage({ data: { originalError: { code: 4902 } }, message: "x" })).toBe(
      walletErrorMessages.unknownChain,
    );
    expect(walletErrorMessage(new Error("chain mismatch"))).toBe(walletErrorMessages.chain);
  });
});

describe("switchChainErrorMessage", () => {
  it("a declined switch is not a rejected transaction", () => {
    const declined = new UserRejectedRequestError(new Error("User rejected the request."));
    expect(switchChainErrorMessage(declined)).toBe(walletErrorMessages.switchDeclined);
    expect(switchChainErrorMessage(declined)).not.toMatch(/Transaction rejected/);
  });

  it("an unknown chain asks to add it; other failures say the switch failed", () => {
    expect(
      switchChainErrorMessage(new SwitchChainError({ code: 4902, message: "unknown chain" } as never)),
    ).toBe(walletErrorMessages.unknownChain);
    expect(switchChainErrorMessage(new SwitchChainError(new Error("nope")))).toBe(
      walletErrorMessages.switchFailed,
    );
  });
});
