import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Address, isAddressEqual } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deployAll, REWARDS_DURATION } from "../../scripts/deploy";
import { ANVIL_KEYS } from "../../scripts/lib/anvil";
import { SEED } from "../../scripts/lib/seed-chain";
import { DeploymentError, loadDeployment, tryLoadDeployment } from "../../src/chain/deployment";
import { pairAbi, stakingRewardsAbi, testTokenAbi, wrappedNativeAbi } from "../../src/chain/generated";
import { CHAIN_ID, type Chainish, startChain } from "./lib/harness";

let c: Chainish;
let dir: string;
const faucet = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as Address; // Anvil account 1

beforeAll(async () => {
  c = await startChain();
  dir = mkdtempSync(path.join(tmpdir(), "aurum-deploy-"));
});
afterAll(async () => {
  await c?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const opts = () => ({
  rpcUrl: c.url,
  privateKey: ANVIL_KEYS[0],
  chainId: CHAIN_ID,
  outDir: dir,
  seedLocalState: true,
  faucetAddress: faucet,
  productName: "Aurum",
  nativeSymbol: "AURUM",
});

describe("deployAll", () => {
  it("deploys and seeds a fresh chain quickly and writes a valid deployments file", async () => {
    const started = Date.now();
    const d = await deployAll(opts());
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(loadDeployment(CHAIN_ID, dir)).toEqual(d);
    expect(d.deployer).toBe(c.accounts[0]!.address);
    for (const entry of Object.values(d.contracts)) {
      expect(await c.pub.getCode({ address: entry.address })).not.toBe("0x");
      const tx = await c.pub.getTransactionReceipt({ hash: entry.tx });
      expect(Number(tx.blockNumber)).toBe(entry.block);
    }
    expect(await c.read(d.contracts.wrappedNative.address, wrappedNativeAbi, "name")).toBe("Wrapped Aurum");
    expect(await c.read(d.contracts.wrappedNative.address, wrappedNativeAbi, "symbol")).toBe("WAURUM");
    expect(await c.read(d.contracts.tUSD.address, testTokenAbi, "decimals")).toBe(6);
    expect(await c.read(d.contracts.tETH.address, testTokenAbi, "symbol")).toBe("tETH");
  });

  it("seeds pools at 1 AURUM = 2 tUSD and 1 tETH = 3000 tUSD, staking rewards for 30 days, and the faucet", async () => {
    const d = loadDeployment(CHAIN_ID, dir);
    const reservesOf = async (pair: Address, token: Address) => {
      const [r0, r1] = await c.read<readonly [bigint, bigint, number]>(pair, pairAbi, "getReserves");
      const t0 = await c.read<Address>(pair, pairAbi, "token0");
      return isAddressEqual(t0, token) ? [r0, r1] : [r1, r0];
    };
    const wn = d.contracts.wrappedNative.address;
    expect(await reservesOf(d.pairs["WAURUM/tUSD"], wn)).toEqual([
      SEED.pools["WAURUM/tUSD"].native,
      SEED.pools["WAURUM/tUSD"].token,
    ]);
    expect(await reservesOf(d.pairs["WAURUM/tETH"], wn)).toEqual([
      SEED.pools["WAURUM/tETH"].native,
      SEED.pools["WAURUM/tETH"].token,
    ]);
    expect(await reservesOf(d.pairs["tETH/tUSD"], d.contracts.tETH.address)).toEqual([
      SEED.pools["tETH/tUSD"].tETH,
      SEED.pools["tETH/tUSD"].tUSD,
    ]);
    for (const key of ["stakingWAURUM", "stakingLP"] as const) {
      const s = d.contracts[key].address;
      expect(await c.read(s, stakingRewardsAbi, "rewardsDuration")).toBe(REWARDS_DURATION);
      expect(await c.read(s, stakingRewardsAbi, "rewardRate")).toBe(SEED.stakingRewards / REWARDS_DURATION);
      expect(await c.read(s, stakingRewardsAbi, "rewardsToken")).toBe(d.contracts.tUSD.address);
    }
    expect(await c.read(d.contracts.stakingWAURUM.address, stakingRewardsAbi, "stakingToken")).toBe(wn);
    expect(await c.read(d.contracts.stakingLP.address, stakingRewardsAbi, "stakingToken")).toBe(
      d.pairs["WAURUM/tUSD"],
    );
    expect(await c.read(d.contracts.tUSD.address, testTokenAbi, "balanceOf", [faucet])).toBe(
      SEED.faucet.tUSD,
    );
    expect(await c.read(d.contracts.tETH.address, testTokenAbi, "balanceOf", [faucet])).toBe(
      SEED.faucet.tETH,
    );
    expect(await c.pub.getBalance({ address: faucet })).toBeGreaterThanOrEqual(SEED.faucet.native);
  });

  it("is a no-op when the recorded contracts are live", async () => {
    const first = loadDeployment(CHAIN_ID, dir);
    const nonce = await c.pub.getTransactionCount({ address: c.accounts[0]!.address });
    const again = await deployAll(opts());
    expect(again).toEqual(first);
    expect(await c.pub.getTransactionCount({ address: c.accounts[0]!.address })).toBe(nonce);
  });

  it("deploys afresh on a new chain, with the configured brand", async () => {
    const other = await startChain();
    try {
      const old = loadDeployment(CHAIN_ID, dir);
      const d = await deployAll({ ...opts(), rpcUrl: other.url, productName: "Nova", nativeSymbol: "NOVA" });
      expect(d.deployedAt).not.toBe(old.deployedAt);
      expect(await other.pub.getCode({ address: d.contracts.router.address })).not.toBe("0x");
      expect(await other.read(d.contracts.wrappedNative.address, wrappedNativeAbi, "symbol")).toBe("WNOVA");
      expect(await other.read(d.contracts.wrappedNative.address, wrappedNativeAbi, "name")).toBe(
        "Wrapped Nova",
      );
    } finally {
      await other.stop();
    }
  });

  it("refuses an RPC whose chain id differs", async () => {
    await expect(deployAll({ ...opts(), chainId: 1 })).rejects.toThrow(/is chain 99199, expected 1/);
  });
});

describe("loadDeployment", () => {
  it("explains a missing or invalid file", () => {
    const empty = mkdtempSync(path.join(tmpdir(), "aurum-deploy-empty-"));
    try {
      expect(tryLoadDeployment(CHAIN_ID, empty)).toBeNull();
      expect(() => loadDeployment(CHAIN_ID, empty)).toThrow(/npm run deploy/);
      writeFileSync(path.join(empty, `${CHAIN_ID}.json`), "{not json");
      expect(() => loadDeployment(CHAIN_ID, empty)).toThrow(DeploymentError);
      const good = loadDeployment(CHAIN_ID, dir);
      const bad = {
        ...good,
        contracts: { ...good.contracts, router: { ...good.contracts.router, address: "0x12" } },
      };
      writeFileSync(path.join(empty, `${CHAIN_ID}.json`), JSON.stringify(bad));
      expect(() => loadDeployment(CHAIN_ID, empty)).toThrow(/contracts\.router\.address/);
      writeFileSync(path.join(empty, "1.json"), JSON.stringify(good));
      expect(() => loadDeployment(1, empty)).toThrow(/is for chain 99199, expected 1/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
