"use client";

import { useState } from "react";
import type { Address } from "viem";
import { useConfig } from "wagmi";
import { routerAbi } from "@/chain/generated";
import { type AmmEnv, sameAddress, underlyingAmounts } from "@/features/tokens";
import { chainTime } from "@/lib/chain-time";
import { useFormat } from "@/lib/locale";
import { approveStep, missingApproval, type PlannedStep, useTxSteps } from "@/web3";
import { liquidityForPercent, pairLabel, sidesOf } from "../liquidity";
import type { PoolWithPosition } from "../queries";
import { DEFAULT_SLIPPAGE_BPS, minimumReceived } from "../slippage";

/**
 * Remove a percentage of a position: exact approval of the LP tokens the router burns, then
 * removeLiquidity(ETH) with 1 % minimums and a 20-minute deadline from chain time.
 */
export function useRemoveLiquidity(env: AmmEnv, pool: PoolWithPosition, account: Address | undefined) {
  const config = useConfig();
  const tx = useTxSteps(env);
  const fmt = useFormat();
  const [a, b] = sidesOf(pool, env.tokens);
  const [percent, setPercent] = useState("100");
  const picked = liquidityForPercent(pool.lpBalance, percent);
  const pctError = picked === null ? "Enter a whole percentage from 1 to 100" : null;
  const liquidity = picked ?? 0n;
  const out = underlyingAmounts(pool, liquidity);
  const [outA, outB] = sameAddress(pool.token0, a.token.poolAddress)
    ? [out.amount0, out.amount1]
    : [out.amount1, out.amount0];

  async function plan(owner: Address): Promise<PlannedStep[]> {
    const now = await chainTime(config, env.chainId);
    const deadline = now + 20n * 60n;
    const need = { token: pool.address, spender: env.contracts.router, amount: liquidity };
    const missing = await missingApproval(config, { chainId: env.chainId, owner, need });
    const steps: PlannedStep[] = [];
    if (missing) {
      const label = `Approve ${fmt.token(liquidity, 18)} ${pairLabel(a.token, b.token)} LP`;
      steps.push({ id: "approve", ...approveStep(missing, label) });
    }
    const label = `Remove ${fmt.token(outA, a.token.decimals)} ${a.token.symbol} + ${fmt.token(outB, b.token.decimals)} ${b.token.symbol}`;
    const min = (v: bigint) => minimumReceived(v, DEFAULT_SLIPPAGE_BPS);
    const native = a.token.isNative
      ? { nOut: outA, t: b, tOut: outB }
      : b.token.isNative
        ? { nOut: outB, t: a, tOut: outA }
        : null;
    steps.push(
      native
        ? {
            id: "remove",
            label,
            address: env.contracts.router,
            abi: routerAbi,
            functionName: "removeLiquidityETH",
            args: [native.t.token.address, liquidity, min(native.tOut), min(native.nOut), owner, deadline],
          }
        : {
            id: "remove",
            label,
            address: env.contracts.router,
            abi: routerAbi,
            functionName: "removeLiquidity",
            args: [a.token.address, b.token.address, liquidity, min(outA), min(outB), owner, deadline],
          },
    );
    return steps;
  }

  async function submit() {
    if (!account || liquidity === 0n) return;
    await tx.run(() => plan(account));
  }

  const busyLabel = tx.pending
    ? tx.active?.id === "approve"
      ? "Approve LP tokens…"
      : "Remove liquidity in your wallet…"
    : null;
  return {
    sides: [a, b] as const,
    percent,
    setPercent,
    pctError,
    liquidity,
    outA,
    outB,
    submit,
    busyLabel,
    tx,
  };
}
