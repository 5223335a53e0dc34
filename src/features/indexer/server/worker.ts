import { type Chain, createPublicClient, http, type PublicClient } from "viem";
import { tryLoadDeployment } from "@/chain/deployment";
import { testnetChain } from "@/chain/networks";
import { airdropDistributors } from "@/features/airdrop/server";
import { config } from "@/server/config";
import type { Worker } from "@/server/workers";
import { watchListFromDeployment } from "./contracts";
import { abortableSleep, ChainIndexer } from "./indexer";

/** A read client that batches JSON-RPC calls (one HTTP request for many block fetches). */
export function indexerClientFor(rpcUrl: string, chain: Chain): PublicClient {
  return createPublicClient({
    chain,
    // Retries are the indexer loop's job (with backoff); a slow range must fail fast to be halved.
    transport: http(rpcUrl, { batch: { batchSize: 100, wait: 0 }, timeout: 15_000, retryCount: 0 }),
  }) as PublicClient;
}

/** The indexer's client for the configured testnet. */
export function indexerClient(): PublicClient {
  const c = config();
  return indexerClientFor(
    c.TESTNET_RPC_URL,
    testnetChain({
      productName: c.PRODUCT_NAME,
      nativeCurrencyName: c.nativeCurrencyName,
      nativeSymbol: c.NATIVE_SYMBOL,
      chainId: c.TESTNET_CHAIN_ID,
      rpcUrl: c.TESTNET_RPC_URL,
      explorerUrl: c.explorerUrl,
    }),
  );
}

/** Follows the testnet into `chain_events`. Waits for `deployments/<chainId>.json` if it is not there yet. */
export const indexerWorker: Worker = {
  name: "indexer",
  // One indexer per database under PostgreSQL (two would race on the cursor).
  leaderLockKey: 99_199_004,
  async run({ signal, db, log }) {
    const c = config();
    let deployment = tryLoadDeployment(c.TESTNET_CHAIN_ID, c.DEPLOYMENTS_DIR);
    while (!deployment && !signal.aborted) {
      log.warn({ chainId: c.TESTNET_CHAIN_ID }, "indexer: no deployment file yet; waiting");
      await abortableSleep(5_000, signal);
      deployment = tryLoadDeployment(c.TESTNET_CHAIN_ID, c.DEPLOYMENTS_DIR);
    }
    if (!deployment) return;
    const indexer = new ChainIndexer({
      db,
      client: indexerClient(),
      chainId: c.TESTNET_CHAIN_ID,
      watch: watchListFromDeployment(deployment, {
        nativeSymbol: c.NATIVE_SYMBOL,
        nativeName: c.nativeCurrencyName,
      }),
      confirmations: c.INDEXER_CONFIRMATIONS,
      extraDistributors: () => airdropDistributors(db),
      pollIntervalMs: c.isLocalChain ? 500 : 2_000,
      log,
    });
    log.info({ from: await indexer.cursor(), confirmations: c.INDEXER_CONFIRMATIONS }, "indexer: started");
    await indexer.run(signal);
  },
};
