import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type DecodeFunctionResultParameters,
  decodeFunctionResult,
  type EncodeFunctionDataParameters,
  encodeFunctionData,
  type Hex,
  http,
  parseUnits,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Deployment } from "@/chain/deployment";
import { stakingRewardsAbi, wrappedNativeAbi } from "@/chain/generated";
import { deployAll, REWARDS_DURATION, SEED } from "../../../scripts/deploy";
import { ANVIL_KEYS, type Anvil, startAnvil } from "../../../scripts/lib/anvil";
import { freePort } from "../../../test/ports";
import { aprPercent, interpolateEarned } from "./rewards";

/** The stake page's client-side maths against the deployed StakingRewards contract. */
let anvil: Anvil;
let dir: string;
let d: Deployment;
let pub: ReturnType<typeof createPublicClient>;
const user = privateKeyToAccount(ANVIL_KEYS[6]);

beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-stake-"));
  d = await deployAll({
    rpcUrl: anvil.url,
    privateKey: ANVIL_KEYS[0],
    chainId: 99199,
    outDir: dir,
    seedLocalState: true,
  });
  pub = createPublicClient({ transport: http(anvil.url) });
});

afterAll(async () => {
  await anvil?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const rpc = (method: string, params: unknown[] = []) =>
  fetch(anvil.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });

describe("staking maths vs StakingRewards", () => {
  it("interpolated earned matches the contract after time passes", async () => {
    const wallet = createWalletClient({ account: user, transport: http(anvil.url) });
    const other = createWalletClient({
      account: privateKeyToAccount(ANVIL_KEYS[5]),
      transport: http(anvil.url),
    });
    const pool = d.contracts.stakingWAURUM.address;
    const wrapped = d.contracts.wrappedNative.address;
    const stakeFrom = async (client: typeof wallet, amount: bigint) => {
      const calls: { to: Address; data: Hex; value?: bigint }[] = [
        {
          to: wrapped,
          data: encodeFunctionData({ abi: wrappedNativeAbi, functionName: "deposit" }),
          value: amount,
        },
        {
          to: wrapped,
          data: encodeFunctionData({ abi: wrappedNativeAbi, functionName: "approve", args: [pool, amount] }),
        },
        {
          to: pool,
          data: encodeFunctionData({ abi: stakingRewardsAbi, functionName: "stake", args: [amount] }),
        },
      ];
      for (const c of calls) {
        const hash = await client.sendTransaction({ account: client.account, chain: null, ...c });
        expect((await pub.waitForTransactionReceipt({ hash })).status).toBe("success");
      }
    };
    await stakeFrom(wallet, parseUnits("250", 18));
    // A second staker, so the user's share is not 100 % and the ratio matters.
    await stakeFrom(other, parseUnits("750", 18));

    const read = async () => {
      const block = await pub.getBlock();
      const r = async (
        functionName: "earned" | "balanceOf" | "totalSupply" | "rewardRate" | "periodFinish",
        args: Address[] = [],
      ) => {
        const data = encodeFunctionData({
          abi: stakingRewardsAbi,
          functionName,
          args,
        } as EncodeFunctionDataParameters);
        const { data: out } = await pub.call({ to: pool, data, blockNumber: block.number });
        return decodeFunctionResult({
          abi: stakingRewardsAbi,
          functionName,
          data: out ?? "0x",
        } as DecodeFunctionResultParameters) as bigint;
      };
      const [earned, balance, totalSupply, rewardRate, periodFinish] = await Promise.all([
        r("earned", [user.address]),
        r("balanceOf", [user.address]),
        r("totalSupply"),
        r("rewardRate"),
        r("periodFinish"),
      ]);
      return { earned, balance, totalSupply, rewardRate, periodFinish, readAt: block.timestamp };
    };
    const first = await read();
    expect(first.rewardRate).toBe(SEED.stakingRewards / REWARDS_DURATION);
    await rpc("evm_increaseTime", [777]);
    await rpc("evm_mine");
    const later = await read();
    const predicted = interpolateEarned({ ...first, now: Number(later.readAt) });
    // Anvil evaluates calls at "now" rather than at the block's timestamp, so the two reads can be a
    // few seconds apart from what their blocks say; allow 5 s of the user's reward flow (25 %).
    const slack = (first.rewardRate * 5n * first.balance) / first.totalSupply;
    expect(first.balance * 4n).toBe(first.totalSupply);
    expect(later.earned - predicted <= slack && predicted - later.earned <= slack).toBe(true);
    expect(later.earned).toBeGreaterThan(first.earned);

    // Past the period end, the estimate stops where the contract stops.
    await rpc("evm_increaseTime", [Number(REWARDS_DURATION)]);
    await rpc("evm_mine");
    const ended = await read();
    const atEnd = interpolateEarned({ ...later, now: Number(ended.readAt) });
    expect(atEnd - ended.earned <= slack && ended.earned - atEnd <= slack).toBe(true);
    expect(
      aprPercent({
        rewardRate: ended.rewardRate,
        rewardDecimals: 6,
        rewardPrice: 1,
        totalStaked: ended.totalSupply,
        stakeDecimals: 18,
        stakePrice: 2,
        periodFinish: ended.periodFinish,
        now: ended.readAt,
      }),
    ).toBe(0);
  });
});
