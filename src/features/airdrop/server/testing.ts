/**
 * The set-up the publishing integration tests share (publish, publish-queue, freeze-thread): a local
 * chain, a fresh database (PGlite or PostgreSQL, test/db.ts) with `participants` seeded two hours ago,
 * the publisher's chain environment, and a draft round on that chain. Never imported by app code.
 */
import type { Address, PublicClient } from "viem";
import { testTokenAbi, testTokenBytecode } from "@/chain/generated";
import { CHAIN_ID, type Chainish, startChain } from "../../../../contracts/test/lib/harness";
import { testDb } from "../../../../test/db";
import { suiteValue } from "../../../../test/suite-value";
import { seedParticipants } from "./fixtures";
import { clearSnapshotCacheForTests } from "./participants";
import { createRound } from "./rounds";
import type { ChainEnv } from "./sender";

export const HOUR = 3_600_000;

type DraftExtra = { token?: Address; minPoints?: number; capPerAddress?: string; deadline?: string };

export function publishTestSetup(opts: { participants: number; roundName: string }) {
  const fixture = suiteValue(
    "publishTestSetup",
    async () => {
      const chain = await startChain();
      const handle = await testDb();
      await seedParticipants(handle.db, { count: opts.participants, at: new Date(Date.now() - 2 * HOUR) });
      clearSnapshotCacheForTests();
      return { chain, handle };
    },
    async ({ chain, handle }) => {
      await handle.close();
      await chain.stop();
    },
  );

  const setup = {
    get c(): Chainish {
      return fixture().chain;
    },
    get db() {
      return fixture().handle.db;
    },
    /** The publisher: the chain's first account. */
    get env(): ChainEnv {
      const c = fixture().chain;
      return { client: c.pub as PublicClient, account: c.accounts[0]!, chainId: CHAIN_ID };
    },
    /**
     * A round open since an hour ago for 48 hours, 1,000 tokens to holders of 100 points or more.
     * Its snapshot is a minute ago (the points are two hours old): past the freeze's settling margin
     * (freeze.ts SNAPSHOT_SETTLE_MS), so a freeze right after creating it does not wait.
     */
    draft: (extra: DraftExtra = {}) =>
      createRound(
        setup.db,
        {
          name: opts.roundName,
          totalAmount: "1000000000000000000000",
          minPoints: 100,
          snapshotAt: new Date(Date.now() - 60_000).toISOString(),
          opensAt: new Date(Date.now() - HOUR).toISOString(),
          deadline: new Date(Date.now() + 48 * HOUR).toISOString(),
          ...extra,
        },
        setup.c.accounts[0]!.address,
        setup.c.pub as PublicClient,
      ),
    /** The publisher's transaction count: how many transactions publishing has sent. */
    nonce: () => setup.c.pub.getTransactionCount({ address: setup.c.accounts[0]!.address }),
    /** A test ERC-20 the publisher owns, holding none of it yet (`mintToPublisher` funds it). */
    givenToken: (symbol: string, decimals: number) =>
      setup.c.deploy(testTokenAbi, testTokenBytecode, [
        "Given",
        symbol,
        decimals,
        setup.c.accounts[0]!.address,
      ]),
    mintToPublisher: (token: Address) =>
      setup.c.write(token, testTokenAbi, "mint", [setup.c.accounts[0]!.address, 10n ** 24n]),
  };
  return setup;
}
