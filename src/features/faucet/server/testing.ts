/**
 * Test helpers for the faucet's integration tests and bench: a local chain with the contracts
 * deployed and the faucet account funded by the real deploy script. Never imported by app code.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { solveChallenge } from "altcha-lib/v1";
import {
  type Address,
  type Hex,
  keccak256,
  parseEther,
  parseTransaction,
  type TransactionReceipt,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Deployment } from "@/chain/deployment";
import { testTokenAbi } from "@/chain/generated";
import { resetConfigForTests } from "@/server/config";
import { deployAll } from "../../../../scripts/deploy";
import { ANVIL_KEYS, type Anvil, startAnvil } from "../../../../scripts/lib/anvil";
import type { FaucetChain } from "./chain";
import type { FaucetSettings } from "./settings";

/**
 * Faucet settings for tests of the claim rules: a 1 AURUM drip and nothing else, a day's cooldown,
 * 3 claims per client and 10 per network, and daily caps and balances far out of reach.
 */
export const claimTestSettings: FaucetSettings = {
  paused: false,
  drips: { native: 10n ** 18n, tUSD: 0n, tETH: 0n },
  cooldownSeconds: 86_400,
  ipLimit: 3,
  subnetLimit: 10,
  minNativeBalance: 0n,
  dailyOutflow: { native: 10n ** 30n, tUSD: 10n ** 30n, tETH: 10n ** 30n },
  reduceBelowDrips: 0,
  maxRecipientBalance: 10n ** 19n,
  pow: { maxNumber: 100, ttlSeconds: 300 },
  feeBump: { afterSeconds: 60, maxFeePerGas: 10n ** 11n },
};

export type FaucetTestChain = {
  anvil: Anvil;
  deployment: Deployment;
  deploymentsDir: string;
  dataDir: string;
  stop(): Promise<void>;
};

/**
 * Starts Anvil on `port`, deploys and seeds the contracts (faucet = Anvil key 1) and points this
 * process's configuration at them. Extra env (e.g. FAUCET_COOLDOWN_SECONDS) is applied too.
 */
export async function startFaucetTestChain(
  port: number,
  env: Record<string, string> = {},
): Promise<FaucetTestChain> {
  const anvil = await startAnvil({ port });
  const deploymentsDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-faucet-deploy-"));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-faucet-data-"));
  const deployment = await deployAll({
    rpcUrl: anvil.url,
    privateKey: ANVIL_KEYS[0],
    chainId: 99199,
    outDir: deploymentsDir,
    seedLocalState: true,
    faucetAddress: privateKeyToAccount(ANVIL_KEYS[1]).address,
  });
  Object.assign(process.env, {
    PUBLIC_URL: "http://localhost:3000",
    DATA_DIR: dataDir,
    TESTNET_RPC_URL: anvil.url,
    DEPLOYMENTS_DIR: deploymentsDir,
    FAUCET_PRIVATE_KEY: ANVIL_KEYS[1],
    ...env,
  });
  resetConfigForTests();
  return {
    anvil,
    deployment,
    deploymentsDir,
    dataDir,
    async stop() {
      await anvil.stop();
      fs.rmSync(deploymentsDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A solved faucet challenge as the widget sends it (base64 JSON), for tests and benches that
 * claim without a browser. Solves with altcha-lib's own solver against this process's settings.
 */
export async function solvedPow(): Promise<string> {
  const { createFaucetChallenge } = await import("./pow");
  const { faucetSettings } = await import("./settings");
  const c = await createFaucetChallenge(faucetSettings());
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error("solvedPow: no solution found");
  const payload = {
    algorithm: c.algorithm,
    challenge: c.challenge,
    number: solution.number,
    salt: c.salt,
    signature: c.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

/** What `address` holds of the three assets the faucet drips (base units), read from the chain. */
export async function dripBalances(
  chain: FaucetTestChain,
  address: Address,
): Promise<{ native: bigint; tUSD: bigint; tETH: bigint }> {
  const client = (await import("@/chain/clients")).testnetClient();
  const { tUSD, tETH } = chain.deployment.contracts;
  const [native, usd, eth] = await Promise.all([
    client.getBalance({ address }),
    client.readContract({
      address: tUSD.address,
      abi: testTokenAbi,
      functionName: "balanceOf",
      args: [address],
    }),
    client.readContract({
      address: tETH.address,
      abi: testTokenAbi,
      functionName: "balanceOf",
      args: [address],
    }),
  ]);
  return { native, tUSD: usd as bigint, tETH: eth as bigint };
}

export const FAKE_TUSD = "0x00000000000000000000000000000000000000e1" as const;
const FAKE_DISPERSE = "0x00000000000000000000000000000000000000d1" as const;
type Outcome = "success" | "reverted";

/**
 * A chain without a node, for sender and status tests that need a receipt's outcome or a balance
 * an Anvil run cannot easily give: every transaction is mined in block 7 with `outcome` (or, given a
 * function, with the outcome it picks from the transaction's target and calldata), and the faucet
 * account holds `held()` (read at each call, so a test can refill it). 1 gwei gas.
 */
export function fakeFaucetChain(
  outcome: Outcome | ((tx: { to: Address; data: Hex }) => Outcome),
  held: () => { native: bigint; tUSD: bigint } = () => ({ native: parseEther("1000"), tUSD: 10n ** 12n }),
): FaucetChain {
  const sent = new Map<Hex, { to: Address; data: Hex }>();
  const outcomeOf = (hash: Hex): Outcome => {
    if (typeof outcome === "string") return outcome;
    const tx = sent.get(hash);
    if (!tx) throw new Error(`fakeFaucetChain: no transaction ${hash} was broadcast`);
    return outcome(tx);
  };
  return {
    account: privateKeyToAccount(generatePrivateKey()),
    chainId: 99199,
    disperse: FAKE_DISPERSE,
    tokens: { tUSD: FAKE_TUSD, tETH: "0x00000000000000000000000000000000000000e2" },
    client: {
      estimateFeesPerGas: async () => ({ maxFeePerGas: 1_000_000_000n, maxPriorityFeePerGas: 1n }),
      getBalance: async () => held().native,
      readContract: async ({ address }: { address: string }) => (address === FAKE_TUSD ? held().tUSD : 0n),
      getTransactionCount: async () => 0,
      request: async ({ method, params }: { method: string; params: [Hex] }) => {
        if (method !== "eth_sendRawTransaction") return null;
        const tx = parseTransaction(params[0]);
        sent.set(keccak256(params[0]), { to: tx.to as Address, data: tx.data ?? "0x" });
        return null;
      },
      getTransactionReceipt: async ({ hash }: { hash: Hex }) =>
        ({ status: outcomeOf(hash), blockNumber: 7n, logs: [] }) as unknown as TransactionReceipt,
      getTransaction: async () => ({ hash: "0x" }),
    },
  } as unknown as FaucetChain;
}
