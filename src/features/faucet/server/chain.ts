import type { Address, LocalAccount, PublicClient } from "viem";
import { faucetAccount } from "@/chain/accounts";
import { testnetClient } from "@/chain/clients";
import { loadDeployment } from "@/chain/deployment";
import { testTokenAbi } from "@/chain/generated";
import { config } from "@/server/config";
import type { FaucetAsset, FaucetState } from "../schema";
import type { FaucetSettings } from "./settings";

/** Everything the faucet needs from the chain: a read client, the signing account and addresses. */
export type FaucetChain = {
  client: PublicClient;
  account: LocalAccount;
  chainId: number;
  disperse: Address;
  tokens: Record<Exclude<FaucetAsset, "native">, Address>;
};

export function faucetChainFromConfig(): FaucetChain {
  const c = config();
  const deployment = loadDeployment(c.TESTNET_CHAIN_ID, c.DEPLOYMENTS_DIR);
  return {
    client: testnetClient(),
    account: faucetAccount(),
    chainId: c.TESTNET_CHAIN_ID,
    disperse: deployment.contracts.disperse.address,
    tokens: { tUSD: deployment.contracts.tUSD.address, tETH: deployment.contracts.tETH.address },
  };
}

export type FaucetBalances = Record<FaucetAsset, bigint>;

export async function readFaucetBalances(fc: FaucetChain): Promise<FaucetBalances> {
  const owner = fc.account.address;
  const [native, tUSD, tETH] = await Promise.all([
    fc.client.getBalance({ address: owner }),
    fc.client.readContract({
      address: fc.tokens.tUSD,
      abi: testTokenAbi,
      functionName: "balanceOf",
      args: [owner],
    }),
    fc.client.readContract({
      address: fc.tokens.tETH,
      abi: testTokenAbi,
      functionName: "balanceOf",
      args: [owner],
    }),
  ]);
  return { native, tUSD: tUSD as bigint, tETH: tETH as bigint };
}

/**
 * Whether the faucet can pay (pure): the native balance must stay at or above the configured
 * minimum, and every asset must cover `need` (one drip for the page, a whole batch for the sender).
 */
export function faucetStateFrom(
  balances: FaucetBalances,
  settings: Pick<FaucetSettings, "minNativeBalance">,
  need: Partial<FaucetBalances>,
): FaucetState {
  if (balances.native < settings.minNativeBalance) return "refilling";
  if (balances.native - settings.minNativeBalance < (need.native ?? 0n)) return "refilling";
  if (balances.tUSD < (need.tUSD ?? 0n) || balances.tETH < (need.tETH ?? 0n)) return "refilling";
  return "ok";
}
