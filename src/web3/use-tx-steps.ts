"use client";

import { useCallback, useState } from "react";
import type { Step } from "@/ui/Stepper";
import { useTransactionRunner } from "./tx-runner";
import { TxError, type TxStep } from "./tx-step";

/** One planned wallet call; its `label` is what the Stepper and the toasts show. */
export type PlannedStep = TxStep & { id: string };

/**
 * The one steps hook every transaction form submits through (docs/ARCHITECTURE.md, "Web3 layer"):
 * runs the planned steps in order through the transaction runner (switch chain, simulate, write,
 * pending → confirmed toast), tracks each step's status for the Stepper and keeps the human error
 * of a failed step. `run` resolves true when every step confirmed.
 */
export function useTxSteps(env: { chainId: number; explorerUrl: string }) {
  const send = useTransactionRunner(env);
  const [steps, setSteps] = useState<Step[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const run = useCallback(
    async (plan: readonly PlannedStep[] | (() => Promise<readonly PlannedStep[]>)): Promise<boolean> => {
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
            mark(p.id, "failed");
            throw err;
          }
          mark(p.id, "done");
        }
        return true;
      } catch (err) {
        setError(err instanceof TxError ? err.message : err instanceof Error ? err.message : String(err));
        return false;
      } finally {
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
