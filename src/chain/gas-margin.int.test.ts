import { createWalletClient, encodeFunctionData, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routerAbi } from "@/chain/generated";
import { startTestChain, type TestChain } from "@/features/indexer/testing";
import { paddedGasTransport, withGasMargin } from "./gas-margin";

// Why gas limits carry a margin (src/chain/gas-margin.ts), on the real pair contracts: a swap
// estimated on one block and mined in a block with a newer timestamp does more work than the
// estimate saw (the pair's price accumulators), so the bare estimate runs out of gas.

const KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"; // Anvil's account 2
let chain: TestChain;

beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => {
  await chain?.stop();
});

describe("gas margin", () => {
  it("a swap mined a block later than its estimate runs out of gas with the bare estimate and succeeds with the margin", async () => {
    const c = chain.deployment.contracts;
    const account = privateKeyToAccount(KEY);
    const bare = createWalletClient({ account, chain: chain.chain, transport: http(chain.anvil.url) });
    const swap = () =>
      encodeFunctionData({
        abi: routerAbi,
        functionName: "swapExactETHForTokens",
        args: [0n, [c.wrappedNative.address, c.tUSD.address], account.address, 2n ** 40n],
      });
    const send = async (gas: bigint) => {
      const hash = await bare.sendTransaction({
        to: c.router.address,
        data: swap(),
        value: parseEther("0.01"),
        gas,
      });
      const r = await chain.pub.waitForTransactionReceipt({ hash });
      return r.status;
    };
    // A first swap makes a block; the next estimate runs on it, where no time has passed yet.
    expect(await send(500_000n)).toBe("success");
    const last = await chain.pub.getBlock();
    const estimate = await chain.pub.estimateGas({
      account: account.address,
      to: c.router.address,
      data: swap(),
      value: parseEther("0.01"),
      blockTag: "latest",
    });
    const snapshot = await chain.rpc("evm_snapshot");

    await chain.rpc("evm_setNextBlockTimestamp", [Number(last.timestamp) + 12]);
    expect(await send(estimate)).toBe("reverted");

    await chain.rpc("evm_revert", [snapshot]);
    await chain.rpc("evm_setNextBlockTimestamp", [Number(last.timestamp) + 12]);

    expect(await send(withGasMargin(estimate))).toBe("success");
  });

  it("the padded transport answers eth_estimateGas with the margin and passes everything else through", async () => {
    const c = chain.deployment.contracts;
    const call = {
      from: privateKeyToAccount(KEY).address,
      to: c.router.address,
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: "swapExactETHForTokens",
        args: [0n, [c.wrappedNative.address, c.tUSD.address], privateKeyToAccount(KEY).address, 2n ** 40n],
      }),
      value: "0x2386f26fc10000",
    };
    const plain = http(chain.anvil.url)({});
    const padded = paddedGasTransport(chain.anvil.url)({});
    const gas = BigInt(
      (await plain.request({ method: "eth_estimateGas", params: [call, "latest"] })) as string,
    );
    const paddedGas = BigInt(
      (await padded.request({ method: "eth_estimateGas", params: [call, "latest"] })) as string,
    );
    expect(paddedGas).toBe(withGasMargin(gas));
    expect(paddedGas).toBeGreaterThan(gas);
    expect(await padded.request({ method: "eth_chainId" })).toBe(
      await plain.request({ method: "eth_chainId" }),
    );
  });
});
