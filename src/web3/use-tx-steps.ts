"use client";

import { useCallback, useRef, useState } from "react";
import type { Step } from "@/ui/Stepper";
import { useTransactionRunner } from "./tx-runner";
import { TxError, type TxStep, TxStillPendingError } from "./tx-step";
import { describeWalletError, walletErrorMessages } from "./wallet-errors";

/** One planned wallet call; its `label` is what the Stepper and the toasts show. */
export type PlannedStep = TxStep & { id: string };

/**
 * A failure before any wallet call (planning reads the chain: allowance, chain time, a balance):
 * the human sentence of the wallet error mapping, never viem's multi-line dump. An error it cannot
 * name is most likely the read that failed.
 */
function planningErrorMessage(err: unknown): string {
  const info = describeWalletError(err);
  return info.kind === "unknown" && info.message === walletErrorMessages.unknown
    ? walletErrorMessages.network
    : info.message;
}

/**
 * The one steps hook every transaction form submits through (docs/ARCHITECTURE.md, "Web3 layer"):
 * runs the planned steps in order through the transaction runner (switch chain, simulate, write,
 * pending → confirmed toast), tracks each step's status for the Stepper and keeps the human error
 * of a failed step. `run` resolves true when every step confirmed; a second call while one runs
 * (a double click, Enter during the wallet prompt) is ignored and resolves false.
 */
export function useTxSteps(env: { chainId: number; explorerUrl: string }) {
  const send = useTransactionRunner(env);
  const [steps, setSteps] = useState<Step[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // A ref, not `pending`: two calls in the same tick both see the state of the last render.
  const running = useRef(false);

  const run = useCallback(
    async (plan: readonly PlannedStep[] | (() => Promise<readonly PlannedStep[]>)): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      setError(null);
      setPending(true);
      let current: Step[] = [];
      const mark = (id: string, status: Step["status"]) => {
        current = current.map((s) => (s.id === id ? { ...s, status } : s));
        setSteps(current);
      };
      try {
        const planned = typeof plan === "function" ? await plan() : plan;
        current = planned.map((p) => ({ id: p.id, label: p.label, status: "waiting" }));
        setSteps(current);
        for (const p of planned) {
          mark(p.id, "active");
          try {
            await send(p);
          } catch (err) {
            mark(p.id, err instanceof TxStillPendingError ? "pending" : "failed");
            throw err;
          }
          mark(p.id, "done");
        }
        return true;
      } catch (err) {
        setError(err instanceof TxError ? err.message : planningErrorMessage(err));
        return false;
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [send],
  );

  const reset = useCallback(() => {
    setSteps(null);
    setError(null);
  }, []);

  /** The step the wallet is waiting on, if any. */
  const active = steps?.find((s) => s.status === "active") ?? null;
  return { run, reset, steps, error, setError, pending, active };
}
