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
  parseEther,
  parseEventLogs,
  parseUnits,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Deployment } from "@/chain/deployment";
import { paddedGasTransport, withGasMargin } from "@/chain/gas-margin";
import { stakingRewardsAbi, stakingRewardsBytecode, testTokenAbi, wrappedNativeAbi } from "@/chain/generated";
import { createWagmiConfig } from "@/wallet-modal/config";
import { deployAll, REWARDS_DURATION } from "../../../scripts/deploy";
import { ANVIL_KEYS, type Anvil, startAnvil } from "../../../scripts/lib/anvil";
import { SEED } from "../../../scripts/lib/seed-chain";
import { freePort } from "../../../test/ports";
import { SETTINGS } from "../../../test/wallet-settings";
import { type EarnedRead, earnedAt } from "./earned-ticker";
import type { StakePool } from "./pools";
import { fetchStakePool } from "./queries";
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

/** Wraps `amount` of the native coin and stakes it in the WAURUM pool from `client`'s account. */
async function stakeFrom(client: ReturnType<typeof createWalletClient>, amount: bigint) {
  const pool = d.contracts.stakingWAURUM.address;
  const wrapped = d.contracts.wrappedNative.address;
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
    { to: pool, data: encodeFunctionData({ abi: stakingRewardsAbi, functionName: "stake", args: [amount] }) },
  ];
  for (const c of calls) {
    const hash = await client.sendTransaction({ account: client.account!, chain: null, ...c });
    expect((await pub.waitForTransactionReceipt({ hash })).status).toBe("success");
  }
}

describe("staking maths vs StakingRewards", () => {
  it("the Earned counter matches what a claim pays, also when the chain has not mined for a while", async () => {
    const wallet = createWalletClient({ account: user, transport: paddedGasTransport(anvil.url) });
    const other = createWalletClient({
      account: privateKeyToAccount(ANVIL_KEYS[5]),
      transport: paddedGasTransport(anvil.url),
    });
    const pool = d.contracts.stakingWAURUM.address;
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
          | "rewardPerTokenRemainder"
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
        remainder,
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
        r("rewardPerTokenRemainder"),
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
        rewardPerTokenRemainder: remainder,
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

describe("exit's gas limit", () => {
  // e2e/stake.spec.ts's flaky Exit: the wallet estimated exit() in the same second as the account's
  // last reward update (another tab's stake), where rewardPerTokenStored, lastUpdateTime and
  // userRewardPerTokenPaid are rewritten with the values they already hold; mined a second later the
  // writes change them, and a limit equal to the estimate ran out of gas inside the reward token's
  // transfer, which SafeERC20 re-raises with no data ("reverted for an unknown reason").
  it("an exit estimated in the second of the last update runs out of gas on the bare estimate, not with the margin", async () => {
    const deployer = createWalletClient({
      account: privateKeyToAccount(ANVIL_KEYS[0]),
      transport: http(anvil.url),
    });
    const json = async (method: string, params: unknown[] = []) =>
      (await (await rpc(method, params)).json()) as { result?: unknown; error?: { data?: unknown } };
    const mined = async (hash: Hex) => pub.waitForTransactionReceipt({ hash });
    // A pool of its own (the other test's pool is shared with its own assertions on the total).
    const tUSD = d.contracts.tUSD.address;
    const wrapped = d.contracts.wrappedNative.address;
    const me = deployer.account.address;
    const deployed = await mined(
      await deployer.deployContract({
        abi: stakingRewardsAbi,
        bytecode: stakingRewardsBytecode,
        args: [me, tUSD, wrapped, REWARDS_DURATION],
        chain: null,
      }),
    );
    const pool = deployed.contractAddress as Address;
    const reward = parseUnits("100000", 6);
    const byOwner = async (to: Address, data: Hex) =>
      mined(await deployer.sendTransaction({ to, data, chain: null }));
    await byOwner(tUSD, encodeFunctionData({ abi: testTokenAbi, functionName: "mint", args: [me, reward] }));
    await byOwner(
      tUSD,
      encodeFunctionData({ abi: testTokenAbi, functionName: "approve", args: [pool, reward] }),
    );
    await byOwner(
      pool,
      encodeFunctionData({ abi: stakingRewardsAbi, functionName: "notifyRewardAmount", args: [reward] }),
    );

    // A fresh account stakes, time passes, it stakes again (the other tab): its last reward update.
    const account = privateKeyToAccount(generatePrivateKey());
    await rpc("anvil_setBalance", [account.address, `0x${parseEther("100").toString(16)}`]);
    const bare = createWalletClient({ account, transport: http(anvil.url) });
    const send = async (to: Address, data: Hex, opts: { value?: bigint; gas?: bigint } = {}) =>
      mined(await bare.sendTransaction({ to, data, chain: null, ...opts }));
    const stake = async (amount: bigint) => {
      await send(wrapped, encodeFunctionData({ abi: wrappedNativeAbi, functionName: "deposit" }), {
        value: amount,
      });
      await send(
        wrapped,
        encodeFunctionData({ abi: wrappedNativeAbi, functionName: "approve", args: [pool, amount] }),
      );
      return send(
        pool,
        encodeFunctionData({ abi: stakingRewardsAbi, functionName: "stake", args: [amount] }),
      );
    };
    await stake(parseEther("6"));
    await rpc("evm_increaseTime", [600]);
    const last = await stake(parseEther("1"));
    const lastTime = (await pub.getBlock({ blockNumber: last.blockNumber })).timestamp;

    // The estimate on that block's state and time (what a wallet gets within the same second).
    const exit = encodeFunctionData({ abi: stakingRewardsAbi, functionName: "exit" });
    const estimate = await pub.estimateGas({
      account: account.address,
      to: pool,
      data: exit,
      blockTag: "latest",
    });
    const snapshot = (await json("evm_snapshot")).result;

    // Mined a second later with the bare estimate: out of gas, and the revert carries no data.
    await rpc("evm_setNextBlockTimestamp", [Number(lastTime) + 1]);
    const failed = await send(pool, exit, { gas: estimate });
    expect(failed.status).toBe("reverted");
    expect(failed.gasUsed * 64n).toBeGreaterThanOrEqual(estimate * 63n);
    const replay = await json("eth_call", [
      { from: account.address, to: pool, data: exit, gas: `0x${estimate.toString(16)}` },
      `0x${failed.blockNumber.toString(16)}`,
    ]);
    // Out of gas in exit itself or inside the reward token's transfer: either way no revert reason.
    expect(replay.error).toBeDefined();
    expect(replay.error?.data ?? "0x").toBe("0x");

    // The same with the margin: exit withdraws the 7 and pays the rewards.
    const reverted = (await json("evm_revert", [snapshot])).result;
    await rpc("evm_setNextBlockTimestamp", [Number(lastTime) + 1]);
    const gas = withGasMargin(estimate);
    const ok = await send(pool, exit, { gas });
    // This step failed once in CI runs of stops 35 and 37 and passed on retry; what it saw, so the
    // next failure says why (out of gas or a revert, at which time, after which state).
    const seen = async () => {
      const block = await pub.getBlock({ blockNumber: ok.blockNumber });
      const replay = await json("eth_call", [
        { from: account.address, to: pool, data: exit, gas: `0x${gas.toString(16)}` },
        `0x${(ok.blockNumber - 1n).toString(16)}`,
      ]);
      return JSON.stringify({
        evmRevert: reverted,
        estimate: String(estimate),
        gas: String(gas),
        gasUsed: String(ok.gasUsed),
        minedAt: String(block.timestamp),
        wanted: String(lastTime + 1n),
        replayError: replay.error ?? null,
      });
    };
    expect(ok.status, ok.status === "success" ? "" : await seen()).toBe("success");
    const [withdrawn] = parseEventLogs({ abi: stakingRewardsAbi, eventName: "Withdrawn", logs: ok.logs });
    const [paid] = parseEventLogs({ abi: stakingRewardsAbi, eventName: "RewardPaid", logs: ok.logs });
    expect(withdrawn?.args.amount).toBe(parseEther("7"));
    expect(paid?.args.reward).toBeGreaterThan(0n);
  });

  it("a key wallet on the padded transport signs with the margin over the node's estimate (not eth_fillTransaction's bare one)", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await rpc("anvil_setBalance", [account.address, `0x${parseEther("10").toString(16)}`]);
    const wallet = createWalletClient({ account, transport: paddedGasTransport(anvil.url) });
    const deposit = encodeFunctionData({ abi: wrappedNativeAbi, functionName: "deposit" });
    const to = d.contracts.wrappedNative.address;
    const estimate = await pub.estimateGas({ account: account.address, to, data: deposit, value: 1n });
    const hash = await wallet.sendTransaction({ to, data: deposit, value: 1n, chain: null });
    await pub.waitForTransactionReceipt({ hash });
    expect((await pub.getTransaction({ hash })).gas).toBe(withGasMargin(estimate));
  });
});

describe("the stake page's pool read", () => {
  it("goes out as one eth_call (deployless Multicall3) and reads what the contracts' own getters say", async () => {
    const config = createWagmiConfig({ ...SETTINGS, rpcUrl: anvil.url });
    const staker = privateKeyToAccount(generatePrivateKey());
    await rpc("anvil_setBalance", [staker.address, `0x${parseEther("10").toString(16)}`]);
    await stakeFrom(
      createWalletClient({ account: staker, transport: paddedGasTransport(anvil.url) }),
      parseEther("2"),
    );
    const wrapped = d.contracts.wrappedNative.address;
    const pool: StakePool = {
      id: "WAURUM",
      address: d.contracts.stakingWAURUM.address,
      stakingToken: {
        address: wrapped,
        caip: `eip155:99199:${wrapped}`,
        symbol: "WAURUM",
        name: "Wrapped Aurum",
        decimals: 18,
        icon: "WAURUM",
      },
      rewardToken: { id: "tUSD" } as StakePool["rewardToken"],
      nativeToken: { id: "native" } as StakePool["nativeToken"],
    };
    // Every JSON-RPC request the read sends (the transport batches them into arrays).
    const methods: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const body = JSON.parse(String(init?.body ?? "null")) as { method: string } | { method: string }[];
      for (const r of [body].flat()) methods.push(r.method);
      return realFetch(input, init);
    };
    let state: Awaited<ReturnType<typeof fetchStakePool>>;
    try {
      state = await fetchStakePool(config, { chainId: 99199, pool, account: staker.address });
    } finally {
      globalThis.fetch = realFetch;
    }

    // Twelve contract reads, one eth_call, no contract at a Multicall3 address needed.
    expect(methods.filter((m) => m === "eth_call")).toHaveLength(1);
    const at = { blockNumber: state.blockNumber } as const;
    const read = (functionName: "totalSupply" | "rewardRate" | "periodFinish" | "rewardPerTokenStored") =>
      pub.readContract({ address: pool.address, abi: stakingRewardsAbi, functionName, ...at });
    const ofUser = (functionName: "balanceOf" | "earned" | "rewards") =>
      pub.readContract({
        address: pool.address,
        abi: stakingRewardsAbi,
        functionName,
        args: [staker.address],
        ...at,
      });
    expect(state.totalSupply).toBe(await read("totalSupply"));
    expect(state.rewardRate).toBe(await read("rewardRate"));
    expect(state.rewardRate).toBeGreaterThan(0n);
    expect(state.periodFinish).toBe(await read("periodFinish"));
    expect(state.rewardPerTokenStored).toBe(await read("rewardPerTokenStored"));
    expect(state.account?.staked).toBe(await ofUser("balanceOf"));
    expect(state.account?.staked).toBeGreaterThan(0n);
    expect(state.account?.earned).toBe(await ofUser("earned"));
    expect(state.account?.rewards).toBe(await ofUser("rewards"));
    expect(state.account?.wallet).toBe(
      await pub.readContract({
        address: wrapped,
        abi: wrappedNativeAbi,
        functionName: "balanceOf",
        args: [staker.address],
        ...at,
      }),
    );
    expect(state.account?.native).toBe(await pub.getBalance({ address: staker.address, ...at }));
  });
});
