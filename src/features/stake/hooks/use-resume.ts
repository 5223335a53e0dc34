"use client";

import { useState } from "react";
import type { useTxSteps } from "@/web3";

type TxSteps = ReturnType<typeof useTxSteps>;
type Memory = { key: string; confirmed: readonly string[]; shownBefore: TxSteps["steps"] };

/**
 * The steps of one request (`key`: account, exact amount and choices) that already confirmed, so
 * pressing the button again after a later step failed resumes at the first unconfirmed step: a retry
 * planned from scratch asked the wallet to withdraw (or wrap) a second time after a rejected unwrap
 * (or stake).
 *
 * Remembered here rather than re-read from the chain because only this form knows it exactly: a
 * WAURUM balance cannot tell WAURUM this request withdrew or wrapped from WAURUM the wallet already
 * held, and spending that instead would not be the transaction the user started. The steps hook's
 * statuses are the record ("done" = mined and successful). The memory is dropped on any edit of the
 * request (`forget`) and once a run completes; a reload loses it, leaving the WAURUM in the wallet.
 */
export function useResume(tx: TxSteps) {
  const [memory, setMemory] = useState<Memory | null>(null);

  const confirmedFor = (key: string | null): readonly string[] => {
    if (memory === null || key === null || memory.key !== key) return [];
    // The hook shows one run at a time: steps it showed before this request's latest run started
    // belong to another request (or stayed because that run's planning failed), never to this one.
    const latest =
      tx.steps && tx.steps !== memory.shownBefore
        ? tx.steps.filter((s) => s.status === "done").map((s) => s.id)
        : [];
    return [...new Set([...memory.confirmed, ...latest])];
  };

  return {
    confirmedFor,
    /** Called as a run of `key` starts: keeps what confirmed so far, returns the steps to leave out. */
    start: (key: string) => {
      const confirmed = confirmedFor(key);
      setMemory({ key, confirmed, shownBefore: tx.steps });
      return confirmed;
    },
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
