import { createPublicClient, http, type PublicClient } from "viem";
import { bsc } from "viem/chains";
import { testnetClient } from "@/chain/clients";
import { config } from "@/server/config";

/** Chains a SIWE message may name: the testnet and BNB Smart Chain (the modal's default network). */
export function supportedSignInChainIds(): number[] {
  return [config().TESTNET_CHAIN_ID, bsc.id];
}

let bscClient: PublicClient | undefined;

/**
 * The client that checks signatures for a chain. Plain-key (EOA) signatures are checked locally;
 * the RPC is only needed for smart accounts (ERC-1271 deployed, ERC-6492 counterfactual).
 */
export function signatureClientFor(chainId: number): PublicClient {
  if (chainId === config().TESTNET_CHAIN_ID) return testnetClient();
  if (chainId === bsc.id) {
    bscClient ??= createPublicClient({
      chain: bsc,
      transport: http(undefined, { timeout: 8_000, retryCount: 1 }),
    });
    return bscClient;
  }
  throw new Error(`no signature client for chain ${chainId}`);
}
