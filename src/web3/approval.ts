import { type Address, encodeFunctionData, erc20Abi, type Hex } from "viem";
import type { ContractStep } from "./tx-step";

/**
 * ERC-20 approvals, always of the exact amount a call will pull (never unlimited, never a permit:
 * docs/ARCHITECTURE.md, "Web3 layer"). Shared by swap, liquidity and staking, and by the swap API's
 * build-approve endpoint.
 */
export type ApprovalNeed = { token: Address; spender: Address; amount: bigint };

export function buildApproveData(spender: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] });
}

/** The wallet step that approves exactly `need.amount`. */
export function approveStep(need: ApprovalNeed, label: string): ContractStep {
  return {
    label,
    address: need.token,
    abi: erc20Abi,
    functionName: "approve",
    args: [need.spender, need.amount],
  };
}
