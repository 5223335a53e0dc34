"use client";

import type { Address } from "viem";
import { useConfig } from "wagmi";
import type { AmmEnv } from "@/features/tokens";
import { chainTime } from "@/lib/chain-time";
import { useFormat } from "@/lib/locale";
import { approveStep, missingApproval, type PlannedStep, useTxSteps } from "@/web3";
import { approvalFor, buildSwapCall } from "../tx";
import { type SwapForm, toSwapQuote } from "./use-swap-form";

const verbOf = (kind: "swap" | "wrap" | "unwrap") =>
  kind === "wrap" ? "Wrap" : kind === "unwrap" ? "Unwrap" : "Swap";

/**
 * Submitting a swap through the one steps hook: approve the exact amount the router may pull (only
 * if the allowance is short), then the swap itself with the user's slippage and a deadline counted
 * from chain time (the browser clock differs on test chains).
 */
export function useSwapSubmit(env: AmmEnv, account: Address | undefined, f: SwapForm) {
  const config = useConfig();
  const tx = useTxSteps(env);
  const fmt = useFormat();

  async function submit() {
    const quote = f.quote;
    // Never on a price older than the quote's lifetime, even if the screen has not caught up yet.
    if (!account || !quote || !f.isQuoteFresh()) return;
    const { fromToken, toToken, settings } = f;
    const q = toSwapQuote(quote, fromToken, toToken, f.tokens);
    const contracts = { router: env.contracts.router, wrappedNative: env.contracts.wrappedNative };
    const ok = await tx.run(async (): Promise<PlannedStep[]> => {
      const now = await chainTime(config, env.chainId);
      const deadline = now + BigInt(settings.deadlineMinutes * 60);
      const call = buildSwapCall(q, contracts, {
        recipient: account,
        slippageBps: settings.slippageBps,
        deadline,
      });
      const need = approvalFor(q, contracts, settings.slippageBps);
      const missing = need
        ? await missingApproval(config, { chainId: env.chainId, owner: account, need })
        : null;
      const verb = verbOf(q.kind);
      const steps: PlannedStep[] = [];
      if (missing) {
        const approveLabel = `Approve ${fmt.token(missing.amount, fromToken.decimals)} ${fromToken.symbol}`;
        steps.push({ id: "approve", ...approveStep(missing, approveLabel) });
      }
      const label = `${verb} ${fmt.token(q.amountIn, fromToken.decimals)} ${fromToken.symbol} for ${fmt.token(q.amountOut, toToken.decimals)} ${toToken.symbol}`;
      steps.push({
        id: "swap",
        label,
        address: call.to as Address,
        abi: call.abi,
        functionName: call.functionName,
        args: call.args,
        value: call.value,
      });
      return steps;
    });
    if (ok) f.resetAmount();
  }

  /** "Step 1 of 2 · Approve tUSD…" while the wallet is busy, else null. */
  const busyLabel = (() => {
    if (!tx.pending) return null;
    const steps = tx.steps ?? [];
    const i = steps.findIndex((s) => s.status === "active");
    if (i < 0) return "Preparing…";
    const step = steps[i];
    const verb =
      step?.id === "approve"
        ? `Approve ${f.fromToken.symbol}…`
        : `${verbOf(f.quote?.kind ?? "swap")} in your wallet…`;
    return steps.length > 1 ? `Step ${i + 1} of ${steps.length} · ${verb}` : verb;
  })();

  return { submit, busyLabel, steps: tx.steps, error: tx.error, clearError: () => tx.setError(null) };
}
