"use client";

import { useState } from "react";
import type { PlannedStep, useTxSteps } from "@/web3";

type TxSteps = ReturnType<typeof useTxSteps>;
type Memory<R> = { key: string; request: R; confirmed: readonly string[] };

/**
 * Where a form's resume memory lives. The pool card holds it (StakePoolCard) because switching the
 * stake/unstake tab or closing Exit unmounts the form: a memory inside the form was lost with it,
 * and the remounted form wrapped (or withdrew) a second time. A form rendered alone keeps its own.
 */
export function useResumeMemory<R>() {
  return useState<Memory<R> | null>(null);
}
export type ResumeMemory<R> = ReturnType<typeof useResumeMemory<R>>;

/**
 * The steps of one request (`key`: account, exact amount and choices) that already confirmed, so
 * pressing the button again after a later step failed resumes at the first unconfirmed step: a retry
 * planned from scratch asked the wallet to withdraw (or wrap) a second time after a rejected unwrap
 * (or stake).
 *
 * Remembered here rather than re-read from the chain because only this form knows it exactly: a
 * WAURUM balance cannot tell WAURUM this request withdrew or wrapped from WAURUM the wallet already
 * held, and spending that instead would not be the transaction the user started. Each step's
 * receipt is the record (`track`: written when it is mined and successful), not the steps hook's
 * statuses, which go with the form when it unmounts. The memory is dropped on any edit of the
 * request (`forget`) and once a run completes; a reload loses it, leaving the WAURUM in the wallet.
 * `request` is what the user asked for, so a remounted form can show that request again.
 */
export function useResume<R>(tx: TxSteps, [memory, setMemory]: ResumeMemory<R>) {
  const confirmedFor = (key: string | null): readonly string[] =>
    memory !== null && key !== null && memory.key === key ? memory.confirmed : [];

  return {
    confirmedFor,
    /** The request whose last run stopped after some of its steps confirmed, if any. */
    partial: memory !== null && memory.confirmed.length > 0 ? memory.request : null,
    /** Called as a run of `key` starts: keeps what confirmed so far, returns the steps to leave out. */
    start: (key: string, request: R) => {
      const confirmed = confirmedFor(key);
      setMemory({ key, request, confirmed });
      return confirmed;
    },
    /** `steps`, each recording its confirmation under `key` once mined (even after an unmount). */
    track: (key: string, steps: readonly PlannedStep[]): PlannedStep[] =>
      steps.map((step) => ({
        ...step,
        onConfirmed: (receipt) => {
          // An edit during the run started another request: this receipt is not part of it.
          setMemory((m) =>
            m?.key === key && !m.confirmed.includes(step.id)
              ? { ...m, confirmed: [...m.confirmed, step.id] }
              : m,
          );
          step.onConfirmed?.(receipt);
        },
      })),
    forget: () => setMemory(null),
    /**
     * `fn`, a setter of the request, made to start a new one: the last attempt's error is stale (as
     * in the swap form) and the edited request has all its steps still to do.
     */
    editing:
      <A extends unknown[]>(fn: (...a: A) => void) =>
      (...a: A) => {
        tx.setError(null);
        setMemory(null);
        fn(...a);
      },
  };
}
