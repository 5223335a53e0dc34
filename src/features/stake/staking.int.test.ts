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
  parseEventLogs,
  parseUnits,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Deployment } from "@/chain/deployment";
import { paddedGasTransport } from "@/chain/gas-margin";
import { stakingRewardsAbi, wrappedNativeAbi } from "@/chain/generated";
import { deployAll, REWARDS_DURATION, SEED } from "../../../scripts/deploy";
import { ANVIL_KEYS, type Anvil, startAnvil } from "../../../scripts/lib/anvil";
import { freePort } from "../../../test/ports";
import { type EarnedRead, earnedAt } from "./earned-ticker";
import { aprPercent } from "./rewards";

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
  it("the Earned counter matches what a claim pays, also when the chain has not mined for a while", async () => {
    const wallet = createWalletClient({ account: user, transport: paddedGasTransport(anvil.url) });
    const other = createWalletClient({
      account: privateKeyToAccount(ANVIL_KEYS[5]),
      transport: paddedGasTransport(anvil.url),
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

    // What the stake page reads (queries.ts): every value at the latest block, plus the chain's
    // clock (the pending block's timestamp) and the browser's clock at that moment.
    const read = async (): Promise<EarnedRead> => {
      const block = await pub.getBlock();
      const r = async (
        functionName:
          | "earned"
          | "balanceOf"
          | "totalSupply"
          | "rewardRate"
          | "periodFinish"
          | "rewardPerTokenStored"
          | "lastUpdateTime"
          | "userRewardPerTokenPaid"
          | "rewards",
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
      const [
        earned,
        staked,
        totalSupply,
        rewardRate,
        periodFinish,
        stored,
        lastUpdate,
        paid,
        rewards,
        pending,
      ] = await Promise.all([
        r("earned", [user.address]),
        r("balanceOf", [user.address]),
        r("totalSupply"),
        r("rewardRate"),
        r("periodFinish"),
        r("rewardPerTokenStored"),
        r("lastUpdateTime"),
        r("userRewardPerTokenPaid", [user.address]),
        r("rewards", [user.address]),
        pub.getBlock({ blockTag: "pending" }),
      ]);
      return {
        blockNumber: block.number,
        blockTime: Number(block.timestamp),
        chainNowAtRead: Number(pending.timestamp),
        wallAtReadMs: Date.now(),
        earned,
        staked,
        totalSupply,
        rewardRate,
        periodFinish: Number(periodFinish),
        rewardPerTokenStored: stored,
        lastUpdateTime: Number(lastUpdate),
        userRewardPerTokenPaid: paid,
        rewards,
      };
    };
    const first = await read();
    expect(first.rewardRate).toBe(SEED.stakingRewards / REWARDS_DURATION);
    expect(first.staked * 4n).toBe(first.totalSupply);

    // Time passes on chain but nothing is mined (Anvil mines on demand): the latest block is old,
    // and only the chain's clock knows what a claim would pay now.
    await rpc("evm_increaseTime", [777]);
    const idle = await read();
    expect(idle.blockNumber).toBe(first.blockNumber);
    expect(idle.earned).toBe(first.earned);
    expect(idle.chainNowAtRead).toBeGreaterThanOrEqual(first.chainNowAtRead + 777);

    // Claim: the amount the receipt reports equals the counter at the claim block's time.
    const hash = await wallet.writeContract({
      address: pool,
      abi: stakingRewardsAbi,
      functionName: "getReward",
      chain: null,
    });
    const receipt = await pub.waitForTransactionReceipt({ hash });
    const claimBlock = await pub.getBlock({ blockNumber: receipt.blockNumber });
    const [paid] = parseEventLogs({ abi: stakingRewardsAbi, eventName: "RewardPaid", logs: receipt.logs });
    const atClaim = idle.wallAtReadMs + (Number(claimBlock.timestamp) - idle.chainNowAtRead) * 1000;
    const predicted = earnedAt(idle, atClaim, Number.POSITIVE_INFINITY);
    // The contract's own formula on its state: exactly what was paid.
    expect(predicted).toBe(paid?.args.reward);
    // The stale block alone (the old counter) was far off: more than 700 s of rewards missing.
    expect((paid?.args.reward ?? 0n) - first.earned).toBeGreaterThan(
      (first.rewardRate * 700n * first.staked) / first.totalSupply,
    );

    const later = await read();
    expect(later.earned).toBe(0n);

    // Past the period end, the estimate stops where the contract stops.
    await rpc("evm_increaseTime", [Number(REWARDS_DURATION)]);
    await rpc("evm_mine");
    const ended = await read();
    const atEnd = earnedAt(
      later,
      later.wallAtReadMs + 10 * Number(REWARDS_DURATION) * 1000,
      Number.POSITIVE_INFINITY,
    );
    const slack = (first.rewardRate * 5n * first.staked) / first.totalSupply;
    expect(atEnd - ended.earned <= slack && ended.earned - atEnd <= slack).toBe(true);
    expect(
      aprPercent({
        rewardRate: ended.rewardRate,
        rewardDecimals: 6,
        rewardPrice: 1,
        totalStaked: ended.totalSupply,
        stakeDecimals: 18,
        stakePrice: 2,
        periodFinish: BigInt(ended.periodFinish),
        now: BigInt(ended.chainNowAtRead),
      }),
    ).toBe(0);
  });
});
