import { createPublicClient, http, type PublicClient } from "viem";
import { config } from "@/server/config";
import { testnetChain } from "./networks";

let client: PublicClient | undefined;

/** The server's read client for the testnet (server RPC URL, which may differ from the public one). */
export function testnetClient(): PublicClient {
  if (!client) {
    const c = config();
    const chain = testnetChain({
      productName: c.PRODUCT_NAME,
      nativeCurrencyName: c.nativeCurrencyName,
      nativeSymbol: c.NATIVE_SYMBOL,
      chainId: c.TESTNET_CHAIN_ID,
      rpcUrl: c.TESTNET_RPC_URL,
      explorerUrl: c.explorerUrl,
    });
    client = createPublicClient({
      chain,
      transport: http(c.TESTNET_RPC_URL, { timeout: 10_000, retryCount: 3, retryDelay: 150 }),
      batch: { multicall: { batchSize: 1024 } },
    }) as PublicClient;
  }
  return client;
}
