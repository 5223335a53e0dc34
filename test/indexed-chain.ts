import type { DbHandle } from "@/db/client";
import {
  ChainIndexer,
  indexerClientFor,
  startTestChain,
  type TestChain,
  watchListFromDeployment,
} from "@/features/indexer/testing";
import { resetConfigForTests } from "@/server/config";
import { testDb } from "./db";

// The set-up of the API tests that read indexed chain activity through the account routes
// (src/features/wallet/server/*.int.test.ts): a deployed Anvil chain the app's config points at,
// a test database, and the chain indexer run over what the test sent.

/** An account route handler (`/api/account/[address]/…`). */
export type AccountHandler = (
  req: Request,
  ctx: { params: Promise<{ address: string }> },
) => Promise<Response>;

/** A fresh deployed chain and database; the config reads the chain and serves `site`. */
export async function startIndexedChain(site: string): Promise<{ chain: TestChain; h: DbHandle }> {
  const chain = await startTestChain();
  process.env.TESTNET_RPC_URL = chain.anvil.url;
  process.env.DEPLOYMENTS_DIR = chain.dir;
  process.env.PUBLIC_URL = site;
  resetConfigForTests();
  return { chain, h: await testDb() };
}

/** Indexes the chain up to its head (the indexer idle). */
export async function indexToHead(chain: TestChain, h: DbHandle): Promise<void> {
  const ix = new ChainIndexer({
    db: h.db,
    client: indexerClientFor(chain.anvil.url, chain.chain),
    chainId: 99199,
    watch: watchListFromDeployment(chain.deployment, { nativeSymbol: "AURUM", nativeName: "Aurum" }),
    confirmations: 0,
    log: { info() {}, warn() {}, error() {} },
  });
  while ((await ix.step()).status !== "idle") {}
}
