import {
  type Address,
  encodeFunctionData,
  type Hex,
  maxUint256,
  parseEther,
  parseSignature,
  parseUnits,
  zeroAddress,
} from "viem";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { factoryAbi, pairAbi, routerAbi, testTokenAbi, wrappedNativeAbi } from "../../src/chain/generated";
import {
  feeOnTransferTokenAbi,
  feeOnTransferTokenBytecode,
  flashBorrowerAbi,
  flashBorrowerBytecode,
  reentrantTokenAbi,
  reentrantTokenBytecode,
} from "../../src/chain/generated/mocks";
import * as model from "./lib/amm-model";
import { type Amm, deadline, deployAmm } from "./lib/fixtures";
import { type Chainish, expectRevert, startChain } from "./lib/harness";

const DEAD = "0x000000000000000000000000000000000000dEaD";
const A0 = parseUnits("1000", 18); // initial tokenA liquidity
const B0 = parseUnits("2000", 6); // initial tokenB liquidity

let c: Chainish;
let amm: Amm;
let pair: Address;
let me: Address;
let snap: Hex;

async function reserves(p: Address, tokenIn: Address): Promise<{ reserveIn: bigint; reserveOut: bigint }> {
  const [r0, r1] = await c.read<readonly [bigint, bigint, number]>(p, pairAbi, "getReserves");
  const token0 = await c.read<Address>(p, pairAbi, "token0");
  return token0.toLowerCase() === tokenIn.toLowerCase()
    ? { reserveIn: r0, reserveOut: r1 }
    : { reserveIn: r1, reserveOut: r0 };
}

const balance = (token: Address, who: Address) => c.read<bigint>(token, testTokenAbi, "balanceOf", [who]);

beforeAll(async () => {
  c = await startChain();
  amm = await deployAmm(c);
  me = c.accounts[0]!.address;
  await c.write(amm.router, routerAbi, "addLiquidity", [
    amm.tokenA,
    amm.tokenB,
    A0,
    B0,
    0n,
    0n,
    me,
    await deadline(c),
  ]);
  pair = await c.read<Address>(amm.factory, factoryAbi, "getPair", [amm.tokenA, amm.tokenB]);
});
afterAll(() => c?.stop());
beforeEach(async () => {
  snap = await c.snapshot();
});
afterEach(async () => {
  await c.revert(snap);
});

describe("Factory", () => {
  it("creates one pair per unordered token pair at the CREATE2 address the router derives", async () => {
    expect(await c.read(amm.factory, factoryAbi, "getPair", [amm.tokenB, amm.tokenA])).toBe(pair);
    expect(await c.read(amm.factory, factoryAbi, "allPairsLength")).toBe(1n);
    await expectRevert(
      c.write(amm.factory, factoryAbi, "createPair", [amm.tokenB, amm.tokenA]),
      "PairExists",
    );
    await expectRevert(
      c.write(amm.factory, factoryAbi, "createPair", [amm.tokenA, amm.tokenA]),
      "IdenticalAddresses",
    );
    await expectRevert(
      c.write(amm.factory, factoryAbi, "createPair", [zeroAddress, amm.tokenA]),
      "ZeroAddress",
    );
  });

  it("lets only feeToSetter switch the protocol fee, which then mints 1/6 of fee growth to feeTo", async () => {
    const feeTo = c.accounts[5]!.address;
    await expectRevert(c.write(amm.factory, factoryAbi, "setFeeTo", [feeTo], { from: 1 }), "Forbidden");
    await expectRevert(c.write(amm.factory, factoryAbi, "setFeeToSetter", [feeTo], { from: 1 }), "Forbidden");
    await c.write(amm.factory, factoryAbi, "setFeeTo", [feeTo]);
    // kLast is recorded at the next liquidity event; fees earned after it are shared on the one after.
    await c.write(amm.router, routerAbi, "addLiquidity", [
      amm.tokenA,
      amm.tokenB,
      A0 / 10n,
      B0,
      0n,
      0n,
      me,
      await deadline(c),
    ]);
    for (let i = 0; i < 5; i++) {
      await c.write(amm.router, routerAbi, "swapExactTokensForTokens", [
        parseUnits("100", 18),
        0n,
        [amm.tokenA, amm.tokenB],
        me,
        await deadline(c),
      ]);
    }
    expect(await balance(pair, feeTo)).toBe(0n);
    await c.write(amm.router, routerAbi, "addLiquidity", [
      amm.tokenA,
      amm.tokenB,
      A0 / 10n,
      B0,
      0n,
      0n,
      me,
      await deadline(c),
    ]);
    expect(await balance(pair, feeTo)).toBeGreaterThan(0n);
  });
});

describe("Pair", () => {
  it("locks MINIMUM_LIQUIDITY and mints sqrt(a*b) - 1000 to the first provider", async () => {
    expect(await balance(pair, DEAD)).toBe(1000n);
    expect(await balance(pair, me)).toBe(model.sqrt(A0 * B0) - 1000n);
    expect(await c.read(pair, pairAbi, "totalSupply")).toBe(model.sqrt(A0 * B0));
  });

  it("refuses a swap that pays nothing, takes the whole reserve, or breaks K", async () => {
    await expectRevert(c.write(pair, pairAbi, "swap", [0n, 0n, me, "0x"]), "InsufficientOutputAmount");
    const r = await reserves(pair, amm.tokenA);
    const [t0] = [await c.read<Address>(pair, pairAbi, "token0")];
    const out0IsA = t0.toLowerCase() === amm.tokenA.toLowerCase();
    const drain = out0IsA ? [r.reserveIn, 0n] : [0n, r.reserveIn];
    await expectRevert(c.write(pair, pairAbi, "swap", [...drain, me, "0x"]), "InsufficientLiquidity");
    // Nothing paid in at all.
    await expectRevert(
      c.write(pair, pairAbi, "swap", [out0IsA ? 1n : 0n, out0IsA ? 0n : 1n, me, "0x"]),
      "InsufficientInputAmount",
    );
    // Paid in, but asking one wei more than the fee-adjusted curve allows.
    const amountIn = parseUnits("10", 6);
    const fair = model.getAmountOut(amountIn, r.reserveOut, r.reserveIn);
    await c.write(amm.tokenB, testTokenAbi, "transfer", [pair, amountIn]);
    const greedy = out0IsA ? [fair + 1n, 0n] : [0n, fair + 1n];
    await expectRevert(c.write(pair, pairAbi, "swap", [...greedy, me, "0x"]), "K");
    const ok = out0IsA ? [fair, 0n] : [0n, fair];
    await c.write(pair, pairAbi, "swap", [...ok, me, "0x"]);
  });

  it("lends in a flash swap when the callback repays principal plus fee, and reverts otherwise", async () => {
    const borrower = await c.deploy(flashBorrowerAbi, flashBorrowerBytecode);
    const token0 = await c.read<Address>(pair, pairAbi, "token0");
    const amount = (await c.read<readonly [bigint, bigint, number]>(pair, pairAbi, "getReserves"))[0] / 10n;
    // The borrower needs a float to pay the fee.
    await c.write(token0, testTokenAbi, "transfer", [borrower, amount]);
    const [k0a, k0b] = await c.read<readonly [bigint, bigint, number]>(pair, pairAbi, "getReserves");
    // 0.3 % of the repaid amount is kept: repaying 100.31 % clears the K check, 100.30 % does not.
    await expectRevert(c.write(borrower, flashBorrowerAbi, "borrow", [pair, amount, 10_030n]), "K");
    await c.write(borrower, flashBorrowerAbi, "borrow", [pair, amount, 10_031n]);
    const [k1a, k1b] = await c.read<readonly [bigint, bigint, number]>(pair, pairAbi, "getReserves");
    expect(k1a * k1b).toBeGreaterThan(k0a * k0b);
  });

  it("refuses to pay out to one of its own tokens", async () => {
    await c.write(amm.tokenB, testTokenAbi, "transfer", [pair, 1000n]);
    await expectRevert(c.write(pair, pairAbi, "swap", [1n, 0n, amm.tokenA, "0x"]), "InvalidTo");
  });

  it("only the factory initializes a pair", async () => {
    await expectRevert(c.write(pair, pairAbi, "initialize", [amm.tokenA, amm.tokenB]), "Forbidden");
  });

  it("skim returns a donation and sync absorbs one", async () => {
    await c.write(amm.tokenA, testTokenAbi, "transfer", [pair, 777n]);
    const before = await balance(amm.tokenA, c.accounts[4]!.address);
    await c.write(pair, pairAbi, "skim", [c.accounts[4]!.address]);
    expect((await balance(amm.tokenA, c.accounts[4]!.address)) - before).toBe(777n);
    await c.write(amm.tokenA, testTokenAbi, "transfer", [pair, 777n]);
    await c.write(pair, pairAbi, "sync");
    expect((await reserves(pair, amm.tokenA)).reserveIn).toBe(A0 + 777n);
  });
});

describe("Router swaps", () => {
  it("swapExactTokensForTokens pays the model's amount, and K grows by the fee", async () => {
    const before = await reserves(pair, amm.tokenA);
    const amountIn = parseUnits("25", 18);
    const expected = model.getAmountOut(amountIn, before.reserveIn, before.reserveOut);
    const got0 = await balance(amm.tokenB, me);
    await c.write(amm.router, routerAbi, "swapExactTokensForTokens", [
      amountIn,
      expected,
      [amm.tokenA, amm.tokenB],
      me,
      await deadline(c),
    ]);
    expect((await balance(amm.tokenB, me)) - got0).toBe(expected);
    const after = await reserves(pair, amm.tokenA);
    expect(after.reserveIn).toBe(before.reserveIn + amountIn);
    expect(after.reserveOut).toBe(before.reserveOut - expected);
    expect(after.reserveIn * after.reserveOut).toBeGreaterThan(before.reserveIn * before.reserveOut);
  });

  it("swapTokensForExactTokens charges the model's input, rounded up", async () => {
    const before = await reserves(pair, amm.tokenB);
    const amountOut = parseUnits("3", 18);
    const expectedIn = model.getAmountIn(amountOut, before.reserveIn, before.reserveOut);
    const spent0 = await balance(amm.tokenB, me);
    await c.write(amm.router, routerAbi, "swapTokensForExactTokens", [
      amountOut,
      expectedIn,
      [amm.tokenB, amm.tokenA],
      me,
      await deadline(c),
    ]);
    expect(spent0 - (await balance(amm.tokenB, me))).toBe(expectedIn);
  });

  it("enforces minimum out, maximum in, the deadline and a valid path", async () => {
    const r = await reserves(pair, amm.tokenA);
    const amountIn = parseUnits("1", 18);
    const out = model.getAmountOut(amountIn, r.reserveIn, r.reserveOut);
    const d = await deadline(c);
    await expectRevert(
      c.write(amm.router, routerAbi, "swapExactTokensForTokens", [
        amountIn,
        out + 1n,
        [amm.tokenA, amm.tokenB],
        me,
        d,
      ]),
      "InsufficientOutputAmount",
    );
    const need = model.getAmountIn(out, r.reserveIn, r.reserveOut);
    await expectRevert(
      c.write(amm.router, routerAbi, "swapTokensForExactTokens", [
        out,
        need - 1n,
        [amm.tokenA, amm.tokenB],
        me,
        d,
      ]),
      "ExcessiveInputAmount",
    );
    const past = (await c.now()) - 1n;
    await expectRevert(
      c.write(amm.router, routerAbi, "swapExactTokensForTokens", [
        amountIn,
        0n,
        [amm.tokenA, amm.tokenB],
        me,
        past,
      ]),
      "Expired",
    );
    await expectRevert(
      c.write(amm.router, routerAbi, "swapExactTokensForTokens", [amountIn, 0n, [amm.tokenA], me, d]),
      "InvalidPath",
    );
    await expectRevert(
      c.write(amm.router, routerAbi, "swapExactETHForTokens", [0n, [amm.tokenA, amm.tokenB], me, d], {
        value: 1n,
      }),
      "InvalidPath",
    );
  });

  it("reports insufficient liquidity for an output the pool cannot pay", async () => {
    const r = await reserves(pair, amm.tokenA);
    await expectRevert(
      c.read(amm.router, routerAbi, "getAmountsIn", [r.reserveOut, [amm.tokenA, amm.tokenB]]),
      "InsufficientLiquidity",
    );
    await expectRevert(
      c.write(amm.router, routerAbi, "swapTokensForExactTokens", [
        r.reserveOut,
        maxUint256,
        [amm.tokenA, amm.tokenB],
        me,
        await deadline(c),
      ]),
      "InsufficientLiquidity",
    );
  });

  it("routes two hops through the wrapped native pools, and native in/out variants settle exactly", async () => {
    const d = await deadline(c);
    await c.write(amm.router, routerAbi, "addLiquidityETH", [amm.tokenA, A0, 0n, 0n, me, d], {
      value: parseEther("500"),
    });
    const path = [amm.wn, amm.tokenA, amm.tokenB] as const;
    const wnA = await c.read<Address>(amm.factory, factoryAbi, "getPair", [amm.wn, amm.tokenA]);
    const pools = [await reserves(wnA, amm.wn), await reserves(pair, amm.tokenA)];
    const amounts = model.getAmountsOut(parseEther("3"), pools);
    expect(await c.read(amm.router, routerAbi, "getAmountsOut", [parseEther("3"), path])).toEqual(amounts);

    const who = c.accounts[2]!.address;
    const b0 = await balance(amm.tokenB, who);
    await c.write(amm.router, routerAbi, "swapExactETHForTokens", [amounts[2], path, who, d], {
      from: 2,
      value: parseEther("3"),
    });
    expect((await balance(amm.tokenB, who)) - b0).toBe(amounts[2]);

    // Exact output paid with native coin: the surplus comes back.
    const want = parseUnits("5", 6);
    const pools2 = [await reserves(wnA, amm.wn), await reserves(pair, amm.tokenA)];
    const needed = model.getAmountsIn(want, pools2)[0]!;
    const native0 = await c.pub.getBalance({ address: who });
    const rcpt = await c.write(amm.router, routerAbi, "swapETHForExactTokens", [want, path, who, d], {
      from: 2,
      value: parseEther("10"),
    });
    const gas = rcpt.gasUsed * rcpt.effectiveGasPrice;
    expect(native0 - (await c.pub.getBalance({ address: who })) - gas).toBe(needed);

    // Tokens back to native coin, both directions.
    const back = [amm.tokenA, amm.wn] as const;
    const rA = await reserves(wnA, amm.tokenA);
    const outNative = model.getAmountOut(parseUnits("10", 18), rA.reserveIn, rA.reserveOut);
    const n0 = await c.pub.getBalance({ address: who });
    const r2 = await c.write(
      amm.router,
      routerAbi,
      "swapExactTokensForETH",
      [parseUnits("10", 18), outNative, back, who, d],
      { from: 2 },
    );
    expect((await c.pub.getBalance({ address: who })) - n0 + r2.gasUsed * r2.effectiveGasPrice).toBe(
      outNative,
    );
    const n1 = await c.pub.getBalance({ address: who });
    const r3 = await c.write(
      amm.router,
      routerAbi,
      "swapTokensForExactETH",
      [parseEther("1"), maxUint256, back, who, d],
      { from: 2 },
    );
    expect((await c.pub.getBalance({ address: who })) - n1 + r3.gasUsed * r3.effectiveGasPrice).toBe(
      parseEther("1"),
    );
  });

  it("refuses native coin from anyone but the wrapper", async () => {
    await expect(
      c.wallets[0]!.sendTransaction({ account: c.accounts[0]!, chain: c.chain, to: amm.router, value: 1n }),
    ).rejects.toThrow();
  });
});

describe("Router liquidity", () => {
  it("adds at the current ratio, refunds surplus native coin and removes pro rata", async () => {
    const d = await deadline(c);
    const lp0 = await balance(pair, me);
    const supply0 = await c.read<bigint>(pair, pairAbi, "totalSupply");
    // Offer twice the B needed: the router uses the A-side amount and the matching B.
    await c.write(amm.router, routerAbi, "addLiquidity", [
      amm.tokenA,
      amm.tokenB,
      A0 / 2n,
      B0,
      0n,
      0n,
      me,
      d,
    ]);
    const minted = (await balance(pair, me)) - lp0;
    expect(minted).toBe(model.liquidityMinted(A0 / 2n, B0 / 2n, A0, B0, supply0));
    await expectRevert(
      c.write(amm.router, routerAbi, "addLiquidity", [amm.tokenA, amm.tokenB, A0, B0, 0n, B0 + 1n, me, d]),
      "InsufficientBAmount",
    );
    await expectRevert(
      c.write(amm.router, routerAbi, "addLiquidity", [amm.tokenA, amm.tokenB, A0, B0 / 4n, A0, 0n, me, d]),
      "InsufficientAAmount",
    );

    await c.write(pair, pairAbi, "approve", [amm.router, maxUint256]);
    const supply = await c.read<bigint>(pair, pairAbi, "totalSupply");
    const r = await reserves(pair, amm.tokenA);
    const [outA, outB] = model.burnAmounts(minted, r.reserveIn, r.reserveOut, supply);
    await expectRevert(
      c.write(amm.router, routerAbi, "removeLiquidity", [
        amm.tokenA,
        amm.tokenB,
        minted,
        outA + 1n,
        0n,
        me,
        d,
      ]),
      "InsufficientAAmount",
    );
    const a0 = await balance(amm.tokenA, me);
    await c.write(amm.router, routerAbi, "removeLiquidity", [
      amm.tokenA,
      amm.tokenB,
      minted,
      outA,
      outB,
      me,
      d,
    ]);
    expect((await balance(amm.tokenA, me)) - a0).toBe(outA);

    // Native side: surplus refunded, then removed back to native coin.
    const who = c.accounts[3]!.address;
    const n0 = await c.pub.getBalance({ address: who });
    const rc = await c.write(
      amm.router,
      routerAbi,
      "addLiquidityETH",
      [amm.tokenA, parseUnits("100", 18), 0n, 0n, who, d],
      { from: 3, value: parseEther("50") },
    );
    expect(n0 - (await c.pub.getBalance({ address: who })) - rc.gasUsed * rc.effectiveGasPrice).toBe(
      parseEther("50"),
    );
    const wnA = await c.read<Address>(amm.factory, factoryAbi, "getPair", [amm.wn, amm.tokenA]);
    const lp = await balance(wnA, who);
    await c.write(wnA, pairAbi, "approve", [amm.router, lp], { from: 3 });
    const n1 = await c.pub.getBalance({ address: who });
    const rr = await c.write(amm.router, routerAbi, "removeLiquidityETH", [amm.tokenA, lp, 0n, 0n, who, d], {
      from: 3,
    });
    const gotNative = (await c.pub.getBalance({ address: who })) - n1 + rr.gasUsed * rr.effectiveGasPrice;
    // The first provider's locked 1000 wei of liquidity keeps a sliver of the pool.
    expect(gotNative).toBeLessThan(parseEther("50"));
    expect(gotNative).toBeGreaterThan(parseEther("50") - parseEther("0.000001"));
  });
});

describe("Router liquidity with permit", () => {
  it("removes liquidity on an LP permit signature, and a front-run permit does not block it", async () => {
    const lp = c.accounts[0]!;
    const liquidity = (await balance(pair, me)) / 4n;
    const sign = async (value: bigint, dl: bigint) => {
      const nonce = await c.read<bigint>(pair, pairAbi, "nonces", [me]);
      const sig = await lp.signTypedData({
        domain: { name: "Aurum V2 LP", version: "1", chainId: c.chain.id, verifyingContract: pair },
        types: {
          Permit: [
            { name: "owner", type: "address" },
            { name: "spender", type: "address" },
            { name: "value", type: "uint256" },
            { name: "nonce", type: "uint256" },
            { name: "deadline", type: "uint256" },
          ],
        },
        primaryType: "Permit",
        message: { owner: me, spender: amm.router, value, nonce, deadline: dl },
      });
      return parseSignature(sig);
    };
    const d = await deadline(c);
    const a0 = await balance(amm.tokenA, me);
    const sig = await sign(liquidity, d);
    await c.write(amm.router, routerAbi, "removeLiquidityWithPermit", [
      amm.tokenA,
      amm.tokenB,
      liquidity,
      0n,
      0n,
      me,
      d,
      false,
      Number(sig.v),
      sig.r,
      sig.s,
    ]);
    expect(await balance(amm.tokenA, me)).toBeGreaterThan(a0);
    expect(await c.read(pair, pairAbi, "allowance", [me, amm.router])).toBe(0n);

    // Someone submits the permit first; the removal still goes through on the allowance it created.
    const sig2 = await sign(liquidity, d);
    await c.write(pair, pairAbi, "permit", [me, amm.router, liquidity, d, Number(sig2.v), sig2.r, sig2.s], {
      from: 5,
    });
    await c.write(amm.router, routerAbi, "removeLiquidityWithPermit", [
      amm.tokenA,
      amm.tokenB,
      liquidity,
      0n,
      0n,
      me,
      d,
      false,
      Number(sig2.v),
      sig2.r,
      sig2.s,
    ]);
    // Without any allowance, a bad signature leaves the transfer to fail.
    await expectRevert(
      c.write(amm.router, routerAbi, "removeLiquidityWithPermit", [
        amm.tokenA,
        amm.tokenB,
        liquidity,
        0n,
        0n,
        me,
        d,
        false,
        Number(sig2.v),
        sig2.r,
        sig2.s,
      ]),
      "ERC20InsufficientAllowance",
    );
  });
});

describe("Hostile tokens", () => {
  it("a token re-entering the pair mid-swap hits the reentrancy lock", async () => {
    const evil = await c.deploy(reentrantTokenAbi, reentrantTokenBytecode);
    await c.write(evil, testTokenAbi, "approve", [amm.router, maxUint256]);
    await c.write(amm.router, routerAbi, "addLiquidity", [
      evil,
      amm.tokenB,
      A0,
      B0,
      0n,
      0n,
      me,
      await deadline(c),
    ]);
    const evilPair = await c.read<Address>(amm.factory, factoryAbi, "getPair", [evil, amm.tokenB]);
    for (const payload of [
      encodeFunctionData({ abi: pairAbi, functionName: "sync" }),
      encodeFunctionData({ abi: pairAbi, functionName: "swap", args: [1n, 1n, me, "0x"] }),
      encodeFunctionData({ abi: pairAbi, functionName: "mint", args: [me] }),
      encodeFunctionData({ abi: pairAbi, functionName: "skim", args: [me] }),
    ]) {
      await c.write(evil, reentrantTokenAbi, "arm", [evilPair, payload]);
      // The pair sends EVIL out, EVIL calls back into the pair while it is locked.
      await expectRevert(
        c.write(amm.router, routerAbi, "swapExactTokensForTokens", [
          parseUnits("1", 6),
          0n,
          [amm.tokenB, evil],
          me,
          await deadline(c),
        ]),
        "ReentrancyGuardReentrantCall",
      );
    }
    const r = await reserves(evilPair, evil);
    expect(r.reserveIn).toBe(A0);
  });

  it("fee-on-transfer tokens are rejected by the router; a pair seeded directly stays solvent", async () => {
    const fot = await c.deploy(feeOnTransferTokenAbi, feeOnTransferTokenBytecode);
    await c.write(fot, testTokenAbi, "approve", [amm.router, maxUint256]);
    const d = await deadline(c);
    await expectRevert(
      c.write(amm.router, routerAbi, "addLiquidity", [fot, amm.tokenB, A0, B0, 0n, 0n, me, d]),
      "FeeOnTransferNotSupported",
    );
    // Seed the pair directly: the pair credits what arrived (balance-based), not what was sent.
    await c.write(amm.factory, factoryAbi, "createPair", [fot, amm.tokenB]);
    const fotPair = await c.read<Address>(amm.factory, factoryAbi, "getPair", [fot, amm.tokenB]);
    await c.write(fot, testTokenAbi, "transfer", [fotPair, A0]);
    await c.write(amm.tokenB, testTokenAbi, "transfer", [fotPair, B0]);
    await c.write(fotPair, pairAbi, "mint", [me]);
    expect((await reserves(fotPair, fot)).reserveIn).toBe(A0 - A0 / 100n);

    await expectRevert(
      c.write(amm.router, routerAbi, "swapExactTokensForTokens", [
        parseUnits("1", 18),
        0n,
        [fot, amm.tokenB],
        me,
        d,
      ]),
      "FeeOnTransferNotSupported",
    );
    await expectRevert(
      c.write(amm.router, routerAbi, "swapExactTokensForTokens", [
        parseUnits("1", 6),
        0n,
        [amm.tokenB, fot],
        me,
        d,
      ]),
      "FeeOnTransferNotSupported",
    );
    // Reserves never exceed balances.
    const r = await reserves(fotPair, fot);
    expect(await balance(fot, fotPair)).toBeGreaterThanOrEqual(r.reserveIn);
  });

  it("removing liquidity of a fee-on-transfer pair is rejected, never paid below the minimum", async () => {
    // The pair pays the recipient directly, so the minimums were once checked against what it sent: the
    // recipient got 1 % less than its own amountAMin and the call succeeded (review proof).
    const fot = await c.deploy(feeOnTransferTokenAbi, feeOnTransferTokenBytecode);
    const seed = async (other: Address, otherAmount: bigint) => {
      await c.write(amm.factory, factoryAbi, "createPair", [fot, other]);
      const p = await c.read<Address>(amm.factory, factoryAbi, "getPair", [fot, other]);
      await c.write(fot, testTokenAbi, "transfer", [p, A0]);
      await c.write(other, testTokenAbi, "transfer", [p, otherAmount]);
      await c.write(p, pairAbi, "mint", [me]);
      await c.write(p, pairAbi, "approve", [amm.router, maxUint256]);
      return p;
    };
    const fotPair = await seed(amm.tokenB, B0);
    const lp = await balance(fotPair, me);
    const liquidity = lp / 2n;
    const supply = await c.read<bigint>(fotPair, pairAbi, "totalSupply");
    const sent = (liquidity * (await balance(fot, fotPair))) / supply; // what the pair pays out
    const recipient = c.accounts[5]!.address;
    const d = await deadline(c);
    for (const amountAMin of [sent, 0n]) {
      await expectRevert(
        c.write(amm.router, routerAbi, "removeLiquidity", [
          fot,
          amm.tokenB,
          liquidity,
          amountAMin,
          0n,
          recipient,
          d,
        ]),
        "FeeOnTransferNotSupported",
      );
    }
    expect(await balance(fot, recipient)).toBe(0n);
    expect(await balance(fotPair, me)).toBe(lp);

    // The native variant: the token goes pair → Router → recipient, a fee on either hop is rejected.
    await c.write(amm.wn, wrappedNativeAbi, "deposit", [], { value: parseEther("10") });
    const wnPair = await seed(amm.wn, parseEther("10"));
    await expectRevert(
      c.write(amm.router, routerAbi, "removeLiquidityETH", [
        fot,
        (await balance(wnPair, me)) / 2n,
        0n,
        0n,
        recipient,
        d,
      ]),
      "FeeOnTransferNotSupported",
    );

    // Such liquidity leaves through the pair itself, which pays what it holds (the fee hits the holder).
    await c.write(fotPair, pairAbi, "transfer", [fotPair, liquidity]);
    await c.write(fotPair, pairAbi, "burn", [recipient]);
    expect(await balance(fot, recipient)).toBe(sent - sent / 100n);
  });
});
