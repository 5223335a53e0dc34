import type { TransactionReceipt } from "viem";
import { TxError } from "@/web3/tx-step";

/**
 * A scripted wallet behind the transaction runner, for component tests of transaction forms:
 * `vi.mock("@/web3/tx-runner", async () => (await import("<path>/test/fake-wallet")).fakeTxRunner())`.
 * Each call is recorded in `sent` and answered by `answers` in order ("confirm" once the list runs
 * out); "hold" leaves the wallet prompt open until the test calls `release`. A confirmed step's
 * `onConfirmed` runs, as in tx-exec.tsx.
 */
export const fakeWallet = {
  sent: [] as { address: string; functionName: string; args: readonly unknown[] }[],
  answers: [] as ("confirm" | "reject" | "hold")[],
  /** Ends the held call: confirmed (true) or rejected (false). */
  release: (_confirmed: boolean): void => {},
  /** Every call confirms but call number `n` (1-based, over the test), which the user rejects. */
  rejectCall(n: number) {
    this.answers = [...Array<"confirm">(n - 1).fill("confirm"), "reject"];
  },
  reset() {
    this.sent.length = 0;
    this.answers = [];
    this.release = () => {};
  },
};

type Step = {
  address: string;
  functionName: string;
  args?: readonly unknown[];
  onConfirmed?: (r: TransactionReceipt) => void;
};

export function fakeTxRunner() {
  return {
    useTransactionRunner: () => async (step: Step) => {
      const w = fakeWallet;
      w.sent.push({ address: step.address, functionName: step.functionName, args: step.args ?? [] });
      const answer = w.answers[w.sent.length - 1] ?? "confirm";
      const confirmed =
        answer === "hold" ? await new Promise<boolean>((r) => (w.release = r)) : answer === "confirm";
      if (!confirmed) throw new TxError("You rejected the transaction in your wallet");
      const receipt = { status: "success", blockNumber: 11n, logs: [] } as unknown as TransactionReceipt;
      step.onConfirmed?.(receipt);
      return receipt;
    },
  };
}
