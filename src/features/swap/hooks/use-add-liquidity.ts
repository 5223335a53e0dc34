"use client";

import type { Address } from "viem";
import { useConfig } from "wagmi";
import { routerAbi } from "@/chain/generated";
import { type AmmEnv, useTokenBalances } from "@/features/tokens";
import { NATIVE_GAS_RESERVE, parseAmount, toInputString } from "@/lib/amount";
import { amountProblem } from "@/lib/amount-form";
import { chainTime } from "@/lib/chain-time";
import { useFormat } from "@/lib/locale";
import { useFields } from "@/lib/use-fields";
import { approveStep, missingApproval, type PlannedStep, useTxSteps } from "@/web3";
import { quoteOtherSide, sidesOf } from "../liquidity";
import type { PoolWithPosition } from "../queries";
import { DEFAULT_SLIPPAGE_BPS, minimumReceived } from "../slippage";

type Values = { a: string; b: string };

/**
 * Add liquidity: two amounts (the second follows the pool ratio), each validated against its
 * balance; submitted as exact approvals of what the router pulls, then addLiquidity(ETH) with 1 %
 * minimums and a 20-minute deadline from chain time.
 */
export function useAddLiquidity(env: AmmEnv, pool: PoolWithPosition, account: Address | undefined) {
  const config = useConfig();
  const tx = useTxSteps(env);
  const fmt = useFormat();
  const [a, b] = sidesOf(pool, env.tokens);
  const balances = useTokenBalances(env.tokens, account);
  // Each amount checked at render against its token and the live balance (shown once changed).
  const fields = useFields<keyof Values>({ a: "", b: "" }, "change");
  const values = fields.values;
  // A native side keeps the approvals' and the deposit's network fees back.
  const problemOf = (side: typeof a, value: string) =>
    amountProblem(value, {
      token: side.token,
      balance: account ? balances.data?.[side.token.id] : undefined,
      gasReserve: side.token.isNative ? NATIVE_GAS_RESERVE : 0n,
    });
  const problems = { a: problemOf(a, values.a), b: problemOf(b, values.b) };
  const errors = fields.shown(problems);

  const typed = (field: keyof Values, value: string) => {
    tx.setError(null);
    fields.set(field, value, true);
    const [from, to] = field === "a" ? [a, b] : [b, a];
    const other = field === "a" ? "b" : "a";
    const p = parseAmount(value, from.token.decimals);
    const quoted = p.ok ? quoteOtherSide(p.value, from, to) : null;
    if (quoted !== null) fields.set(other, toInputString(quoted, to.token.decimals), true);
    else if (!value) fields.set(other, "", false);
  };

  async function plan(pa: bigint, pb: bigint, owner: Address): Promise<PlannedStep[]> {
    const now = await chainTime(config, env.chainId);
    const deadline = now + 20n * 60n;
    const sides = [
      { side: a, amount: pa },
      { side: b, amount: pb },
    ];
    const steps: PlannedStep[] = [];
    for (const { side, amount } of sides) {
      if (side.token.isNative) continue;
      const need = { token: side.token.address, spender: env.contracts.router, amount };
      const missing = await missingApproval(config, { chainId: env.chainId, owner, need });
      const label = `Approve ${fmt.token(amount, side.token.decimals)} ${side.token.symbol}`;
      if (missing) steps.push({ id: `approve-${side.token.id}`, ...approveStep(missing, label) });
    }
    const label = `Add ${fmt.token(pa, a.token.decimals)} ${a.token.symbol} + ${fmt.token(pb, b.token.decimals)} ${b.token.symbol}`;
    const native = sides.find((s) => s.side.token.isNative);
    const erc = sides.find((s) => !s.side.token.isNative);
    const min = (v: bigint) => minimumReceived(v, DEFAULT_SLIPPAGE_BPS);
    steps.push(
      native && erc
        ? {
            id: "add",
            label,
            address: env.contracts.router,
            abi: routerAbi,
            functionName: "addLiquidityETH",
            args: [erc.side.token.address, erc.amount, min(erc.amount), min(native.amount), owner, deadline],
            value: native.amount,
          }
        : {
            id: "add",
            label,
            address: env.contracts.router,
            abi: routerAbi,
            functionName: "addLiquidity",
            args: [a.token.address, b.token.address, pa, pb, min(pa), min(pb), owner, deadline],
          },
    );
    return steps;
  }

  const submit = fields.handleSubmit(problems, async (values) => {
    if (!account) return;
    const pa = parseAmount(values.a, a.token.decimals);
    const pb = parseAmount(values.b, b.token.decimals);
    if (!pa.ok || !pb.ok) return;
    if (await tx.run(() => plan(pa.value, pb.value, account))) fields.reset();
  });

  const ready =
    parseAmount(values.a, a.token.decimals).ok &&
    parseAmount(values.b, b.token.decimals).ok &&
    !errors.a &&
    !errors.b;
  const busyLabel = tx.pending
    ? tx.active?.id.startsWith("approve")
      ? `${tx.active.label}…`
      : "Add liquidity in your wallet…"
    : null;
  return {
    sides: [a, b] as const,
    balances: balances.data,
    values,
    errors,
    typed,
    submit,
    ready,
    busyLabel,
    tx,
  };
}
