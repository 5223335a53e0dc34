import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Address, createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, openDb } from "@/db/client";
import { migrate } from "@/db/migrate";
import { createTestSession } from "@/features/auth/testing";
import { ANVIL_KEYS } from "../../../scripts/lib/anvil";
import { bundleChild, spawnBundledChild } from "../../../test/child-bundle";
import { freePort } from "../../../test/ports";
import { type ScratchDatabase, scratchDatabase } from "../../../test/scratch-db";
import { createClaim, queryRows } from "./server/claims";
import { faucetSettings } from "./server/settings";
import { dripBalances, type FaucetTestChain, startFaucetTestChain } from "./server/testing";

/**
 * SIGKILL the faucet sender mid-batch 10 times in a row, sometimes stealing the faucet's next
 * nonce in between, then let it finish: every claim must be paid exactly once, on chain.
 * The sender runs in a child process that shares a PostgreSQL database with this test (PGlite
 * allows one process per data directory), so this runs when TEST_DATABASE_URL is set.
 */
const base = process.env.TEST_DATABASE_URL;
const CLAIMS = 240;
const KILLS = 10;

let chain: FaucetTestChain;
let handle: DbHandle;
let dbUrl: string;
let childFile: string;
let scratch: ScratchDatabase | undefined;
const addresses: Address[] = [];
const childLogs: string[] = [];

describe.skipIf(!base)("faucet sender crash safety (PostgreSQL)", () => {
  beforeAll(async () => {
    [chain, childFile] = await Promise.all([
      freePort().then(startFaucetTestChain),
      bundleChild("test/faucet-worker-child.ts"),
    ]);
    scratch = await scratchDatabase(base as string, "aurum_t");
    dbUrl = scratch.url;
    handle = await openDb({ databaseUrl: dbUrl });
    await migrate(handle);
    const settings = faucetSettings();
    for (let i = 0; i < CLAIMS; i++) {
      const address = privateKeyToAccount(`0x${randomBytes(32).toString("hex")}`).address;
      addresses.push(address);
      const { session } = await createTestSession(address, { db: handle.db });
      await createClaim(handle.db, { userId: session.userId, address, ip: null }, settings);
    }
  });

  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
    await chain?.stop();
  });

  function spawnSender(opts: { hang?: boolean } = {}): {
    child: ChildProcess;
    recorded: Promise<void>;
    exited: Promise<void>;
  } {
    const child = spawnBundledChild(childFile, {
      env: {
        ...process.env,
        NODE_ENV: "test",
        LOG_LEVEL: "info",
        FAUCET_CHILD_DB_URL: dbUrl,
        FAUCET_CHILD_MAX_BATCH: "20",
        FAUCET_CHILD_HANG_AFTER_RECORD: opts.hang ? "1" : "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    const recorded = new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("RECORDED\n")) resolve();
      });
      child.once("exit", () => reject(new Error(`sender exited before recording a batch:\n${out}`)));
    });
    recorded.catch(() => {});
    const exited = new Promise<void>((resolve) =>
      child.once("exit", () => {
        childLogs.push(out);
        resolve();
      }),
    );
    child.stderr!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    return { child, recorded, exited };
  }

  /** Uses the faucet account's next nonce for something else (as a second operator might). */
  async function stealNextNonce() {
    const faucet = createWalletClient({
      account: privateKeyToAccount(ANVIL_KEYS[1]),
      transport: http(chain.anvil.url),
    });
    await faucet.sendTransaction({ chain: null, to: faucet.account.address, value: 0n });
  }

  const count = async (where: ReturnType<typeof sql>) =>
    Number(
      (
        await queryRows<{ n: number }>(
          handle.db,
          sql`SELECT count(*)::int AS n FROM faucet_claims WHERE ${where}`,
        )
      )[0]?.n,
    );

  it(`pays every claim exactly once across ${KILLS} SIGKILLs mid-batch`, { timeout: 600_000 }, async () => {
    for (let i = 0; i < KILLS; i++) {
      // Deterministic kill points on some rounds (between record and broadcast), random on the others.
      const hang = i === 2 || i === 5 || i === 7;
      const { child, recorded, exited } = spawnSender({ hang });
      await recorded;
      if (!hang) await new Promise((r) => setTimeout(r, Math.random() * 60));
      child.kill("SIGKILL");
      await exited;
      if (i === 2 || i === 7) await stealNextNonce();
    }
    expect(await count(sql`status IN ('queued', 'sent')`)).toBeGreaterThan(0);

    const { child, exited } = spawnSender();
    const deadline = Date.now() + 180_000;
    while ((await count(sql`status IN ('confirmed', 'failed')`)) < CLAIMS) {
      if (Date.now() > deadline) throw new Error("sender did not finish");
      await new Promise((r) => setTimeout(r, 200));
    }
    child.kill("SIGTERM");
    await exited;

    expect(await count(sql`status = 'confirmed'`)).toBe(CLAIMS);
    const logs = childLogs.join("\n");
    // Both recovery paths were exercised: same-bytes re-broadcast and "nonce used by another".
    expect(logs).toContain("re-broadcast recorded transactions");
    expect(logs).toContain("replaced by another with the same nonce");

    // The proof is on chain: each address holds exactly one drip of each asset.
    const drips = faucetSettings().drips;
    let duplicates = 0;
    let lost = 0;
    for (const address of addresses) {
      const b = await dripBalances(chain, address);
      const got = [b.native, b.tUSD, b.tETH];
      const want = [drips.native, drips.tUSD, drips.tETH];
      if (got.some((g, k) => g > want[k]!)) duplicates++;
      if (got.some((g, k) => g < want[k]!)) lost++;
    }
    expect({ duplicates, lost }).toEqual({ duplicates: 0, lost: 0 });
  });
});
