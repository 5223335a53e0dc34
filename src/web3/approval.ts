import { type Address, encodeFunctionData, erc20Abi, type Hex } from "viem";
import type { Config } from "wagmi";
import { readContract } from "wagmi/actions";
import type { ContractStep } from "./tx-runner";

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

export function readAllowance(
  config: Config,
  p: { chainId: number; token: Address; owner: Address; spender: Address },
): Promise<bigint> {
  return readContract(config, {
    address: p.token,
    abi: erc20Abi,
    functionName: "allowance",
    args: [p.owner, p.spender],
    chainId: p.chainId,
  });
}

/** The approval still missing for `need` (null when the current allowance already covers it). */
export async function missingApproval(
  config: Config,
  p: { chainId: number; owner: Address; need: ApprovalNeed },
): Promise<ApprovalNeed | null> {
  const current = await readAllowance(config, {
    chainId: p.chainId,
    token: p.need.token,
    owner: p.owner,
    spender: p.need.spender,
  });
  return current < p.need.amount ? p.need : null;
}
