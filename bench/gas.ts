/**
 * `npm run bench:gas`: gas used by the operations the portal sends, measured on a fresh Anvil with the
 * real deployment (scripts/deploy.ts, seeded). "first" is a fresh account's first call (it holds only
 * the input token, so storage slots go from zero to non-zero); "repeat" is the same call again.
 * Disperse is measured per recipient, paying fresh addresses as the faucet does.
 * Prints a table and writes bench/results/gas.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { type Address, type Hex, maxUint256, parseEther, parseUnits, type TransactionReceipt } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startChain } from "../contracts/test/lib/harness";
import { deployAll } from "../scripts/deploy";
import { ANVIL_KEYS } from "../scripts/lib/anvil";
import {
  disperseAbi,
  merkleDistributorAbi,
  merkleDistributorBytecode,
  routerAbi,
  stakingRewardsAbi,
  testTokenAbi,
  wrappedNativeAbi,
} from "../src/chain/generated";

type Row = { operation: string; first: number; repeat: number | null; note: string };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const c = await startChain();
const rows: Row[] = [];
const outDir = mkdtempSync(path.join(tmpdir(), "aurum-gas-"));
try {
  const d = await deployAll({
    rpcUrl: c.url,
    privateKey: ANVIL_KEYS[0],
    chainId: c.chain.id,
    outDir,
    seedLocalState: true,
  });
  const {
    router,
    tUSD,
    tETH,
    wrappedNative: wn,
    stakingWAURUM,
    disperse,
  } = Object.fromEntries(Object.entries(d.contracts).map(([k, v]) => [k, v.address])) as Record<
    keyof typeof d.contracts,
    Address
  >;
  const gas = (r: TransactionReceipt) => Number(r.gasUsed);
  const deadline = async () => (await c.now()) + 3600n;
  const user = 2;
  const me = c.accounts[user]!.address;

  // Fund the user with input tokens only, and approve everything up front (not measured).
  await c.write(tETH, testTokenAbi, "mint", [me, parseUnits("100", 18)]);
  await c.write(tUSD, testTokenAbi, "mint", [me, parseUnits("100000", 6)]);
  await c.write(wn, wrappedNativeAbi, "deposit", [], { from: user, value: parseEther("1000") });
  for (const [t, spender] of [
    [tETH, router],
    [tUSD, router],
    [wn, router],
    [wn, stakingWAURUM],
    [tUSD, disperse],
  ] as const) {
    await c.write(t, testTokenAbi, "approve", [spender, maxUint256], { from: user });
  }

  // Each measured call lands in a later block than the previous one, as on a real chain: the pairs'
  // price accumulators are then written every time (Anvil would otherwise pack calls into one second).
  const later = () => c.test.increaseTime({ seconds: 12 });
  // Warm-up: one swap through every pair, so no measured call pays the one-time cost of the price
  // accumulators going from zero to non-zero.
  for (const pair of [
    [tETH, tUSD],
    [tUSD, wn],
    [wn, tETH],
  ] as const) {
    await c.test.increaseTime({ seconds: 12 });
    const amountIn = pair[0] === tUSD ? parseUnits("10", 6) : parseUnits("0.01", 18);
    await c.write(
      router,
      routerAbi,
      "swapExactTokensForTokens",
      [amountIn, 0n, [...pair], me, await deadline()],
      {
        from: user,
      },
    );
  }

  const twice = async (operation: string, note: string, run: () => Promise<TransactionReceipt>) => {
    await later();
    const first = gas(await run());
    await later();
    const repeat = gas(await run());
    rows.push({ operation, first, repeat, note });
  };

  await twice("swap, 1 hop (tETH→tUSD, exact in)", "", async () =>
    c.write(
      router,
      routerAbi,
      "swapExactTokensForTokens",
      [parseUnits("0.1", 18), 0n, [tETH, tUSD], me, await deadline()],
      {
        from: user,
      },
    ),
  );
  await twice("swap, 2 hops (tUSD→WAURUM→tETH, exact in)", "", async () =>
    c.write(
      router,
      routerAbi,
      "swapExactTokensForTokens",
      [parseUnits("100", 6), 0n, [tUSD, wn, tETH], me, await deadline()],
      { from: user },
    ),
  );
  await twice("swap, 1 hop native in (AURUM→tUSD)", "", async () =>
    c.write(router, routerAbi, "swapExactETHForTokens", [0n, [wn, tUSD], me, await deadline()], {
      from: user,
      value: parseEther("1"),
    }),
  );
  await twice("add liquidity (tETH/tUSD)", "", async () =>
    c.write(
      router,
      routerAbi,
      "addLiquidity",
      [tETH, tUSD, parseUnits("1", 18), parseUnits("3000", 6), 0n, 0n, me, await deadline()],
      { from: user },
    ),
  );
  await twice("stake (WAURUM pool)", "", () =>
    c.write(stakingWAURUM, stakingRewardsAbi, "stake", [parseEther("10")], { from: user }),
  );
  await twice("getReward (WAURUM pool, 1 day accrued)", "", async () => {
    await c.test.increaseTime({ seconds: 86_400 });
    return c.write(stakingWAURUM, stakingRewardsAbi, "getReward", [], { from: user });
  });

  // Merkle claim: 100 leaves; first = first claim in a bitmap word, repeat = second claim in that word.
  const leaves: [bigint, string, bigint][] = Array.from({ length: 100 }, (_, i) => [
    BigInt(i),
    privateKeyToAccount(generatePrivateKey()).address,
    parseUnits(String(i + 1), 6),
  ]);
  const tree = StandardMerkleTree.of(leaves, ["uint256", "address", "uint256"]);
  const md = await c.deploy(merkleDistributorAbi, merkleDistributorBytecode, [
    tUSD,
    tree.root,
    (await c.now()) + 86_400n * 30n,
    c.accounts[0]!.address,
  ]);
  await c.write(tUSD, testTokenAbi, "mint", [md, parseUnits("1000000", 6)]);
  let nextLeaf = 0;
  await twice("claim (merkle, 100 leaves)", "repeat = 2nd claim in the same bitmap word", () => {
    const i = nextLeaf++;
    const [index, account, amount] = leaves[i]!;
    return c.write(md, merkleDistributorAbi, "claim", [index, account, amount, tree.getProof(i) as Hex[]], {
      from: user,
    });
  });

  const fresh = (n: number) =>
    Array.from({ length: n }, () => privateKeyToAccount(generatePrivateKey()).address);
  for (const n of [1, 10, 100]) {
    const to = fresh(n);
    const values = to.map(() => parseEther("0.01"));
    const r = await c.write(disperse, disperseAbi, "disperseNative", [to, values], {
      from: user,
      value: parseEther("0.01") * BigInt(n),
    });
    const t = await c.write(
      disperse,
      disperseAbi,
      "disperseToken",
      [tUSD, fresh(n), to.map(() => 1_000_000n)],
      {
        from: user,
      },
    );
    rows.push({
      operation: `Disperse per recipient, ${n} recipient${n > 1 ? "s" : ""}`,
      first: Math.round(gas(r) / n),
      repeat: Math.round(gas(t) / n),
      note: "first = native AURUM, repeat column = tUSD; fresh addresses",
    });
  }
} finally {
  await c.stop();
  rmSync(outDir, { recursive: true, force: true });
}

const w = Math.max(...rows.map((r) => r.operation.length));
console.log(`${"operation".padEnd(w)}  ${"first".padStart(8)}  ${"repeat".padStart(8)}  note`);
for (const r of rows) {
  console.log(
    `${r.operation.padEnd(w)}  ${String(r.first).padStart(8)}  ${String(r.repeat ?? "").padStart(8)}  ${r.note}`,
  );
}
const out = path.join(root, "bench", "results", "gas.json");
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify({ generatedAt: new Date().toISOString(), solc: "0.8.30", evmVersion: "cancun", optimizerRuns: 200, rows }, null, 2)}\n`,
);
console.log(`\nwritten ${path.relative(root, out)}`);
