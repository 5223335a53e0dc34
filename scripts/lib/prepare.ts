import { privateKeyToAccount } from "viem/accounts";
import { openDb, targetFromEnv } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { parseConfig } from "../../src/server/config";
import { logger } from "../../src/server/logger";
import { deployAll } from "../deploy";
import { seedAll } from "../seed";

/**
 * Everything between "the chain answers" and "the web server may start": contracts deployed
 * (a no-op when they already are), database migrated and seeded. The database is closed again
 * before returning because PGlite allows one process per DATA_DIR.
 */
export async function prepareApp(env: NodeJS.ProcessEnv): Promise<void> {
  const cfg = parseConfig(env);
  const started = Date.now();
  const deployment = await deployAll({
    rpcUrl: cfg.TESTNET_RPC_URL,
    privateKey: cfg.deployerPrivateKey,
    chainId: cfg.TESTNET_CHAIN_ID,
    outDir: cfg.DEPLOYMENTS_DIR,
    seedLocalState: cfg.isLocalChain,
    faucetAddress: privateKeyToAccount(cfg.faucetPrivateKey).address,
  });
  const handle = await openDb(targetFromEnv(cfg));
  try {
    const applied = await migrate(handle);
    const seeded = await seedAll(handle.db);
    logger.info(
      { applied, seeded, contracts: Object.keys(deployment.contracts).length, ms: Date.now() - started },
      "chain and database ready",
    );
  } finally {
    await handle.close();
  }
}
