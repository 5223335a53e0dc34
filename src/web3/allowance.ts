import type { Address } from "viem";
import { erc20Abi } from "viem";
import type { Config } from "wagmi";
import { readContract } from "wagmi/actions";
import type { ApprovalNeed } from "./approval";

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
