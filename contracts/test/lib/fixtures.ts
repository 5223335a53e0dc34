import { type Address, maxUint256, parseUnits } from "viem";
import {
  factoryAbi,
  factoryBytecode,
  routerAbi,
  routerBytecode,
  testTokenAbi,
  testTokenBytecode,
  wrappedNativeAbi,
  wrappedNativeBytecode,
} from "../../../src/chain/generated";
import type { Chainish } from "./harness";

export type Amm = { wn: Address; tokenA: Address; tokenB: Address; factory: Address; router: Address };

/** Wrapped native, two test tokens (18 and 6 decimals), factory and router; accounts 0–3 funded and approved. */
export async function deployAmm(c: Chainish): Promise<Amm> {
  const owner = c.accounts[0]!.address;
  const wn = await c.deploy(wrappedNativeAbi, wrappedNativeBytecode, ["Wrapped Aurum", "WAURUM"]);
  const tokenA = await c.deploy(testTokenAbi, testTokenBytecode, ["Token A", "TKA", 18, owner]);
  const tokenB = await c.deploy(testTokenAbi, testTokenBytecode, ["Token B", "TKB", 6, owner]);
  const factory = await c.deploy(factoryAbi, factoryBytecode, [owner]);
  const router = await c.deploy(routerAbi, routerBytecode, [factory, wn]);
  for (let i = 0; i < 4; i++) {
    const who = c.accounts[i]!.address;
    await c.write(tokenA, testTokenAbi, "mint", [who, parseUnits("1000000000", 18)]);
    await c.write(tokenB, testTokenAbi, "mint", [who, parseUnits("1000000000", 6)]);
    for (const t of [tokenA, tokenB, wn])
      await c.write(t, testTokenAbi, "approve", [router, maxUint256], { from: i });
  }
  return { wn, tokenA, tokenB, factory, router };
}

export async function deadline(c: Chainish, seconds = 3600n): Promise<bigint> {
  return (await c.now()) + seconds;
}
