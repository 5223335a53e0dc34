// @vitest-environment happy-dom
import { act, cleanup, renderHook } from "@testing-library/react";
import { CallExecutionError, HttpRequestError, UnknownRpcError } from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlannedStep } from "./use-tx-steps";

const send = vi.fn<(step: unknown) => Promise<unknown>>();
vi.mock("./tx-runner", () => ({ useTransactionRunner: () => send }));

import { TxError, TxStillPendingError } from "./tx-step";
import { useTxSteps } from "./use-tx-steps";
import { walletErrorMessages } from "./wallet-errors";

const env = { chainId: 99199, explorerUrl: "http://explorer.test" };
const step: PlannedStep = {
  id: "send",
  label: "Send 1 AURUM",
  to: "0x0000000000000000000000000000000000000001",
  value: 1n,
};

afterEach(() => {
  cleanup();
  send.mockReset();
});

describe("useTxSteps", () => {
  it("ignores a second run while one is running (a double click sends once)", async () => {
    let confirm: () => void = () => {};
    send.mockImplementation(() => new Promise((r) => (confirm = () => r({}))));
    const { result } = renderHook(() => useTxSteps(env));
    let first: Promise<boolean> = Promise.resolve(false);
    let second: Promise<boolean> = Promise.resolve(true);
    await act(async () => {
      first = result.current.run([step]);
      second = result.current.run([step]);
      await Promise.resolve();
    });
    expect(await second).toBe(false);
    await act(async () => {
      confirm();
      expect(await first).toBe(true);
    });
    expect(send).toHaveBeenCalledTimes(1);
    // Once finished, the next run goes through.
    send.mockResolvedValue({});
    await act(async () => {
      expect(await result.current.run([step])).toBe(true);
    });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("a failed chain read while planning shows a sentence, not viem's raw dump", async () => {
    const { result } = renderHook(() => useTxSteps(env));
    const read = new CallExecutionError(new UnknownRpcError(new Error("no chain")), {
      to: "0x0000000000000000000000000000000000000002",
      data: "0xdd62ed3e",
    });
    expect(read.message).toContain("Version: viem@");
    await act(async () => {
      expect(
        await result.current.run(async () => {
          throw read;
        }),
      ).toBe(false);
    });
    expect(result.current.error).toBe(walletErrorMessages.network);
    expect(send).not.toHaveBeenCalled();
  });

  it("a step still unmined after the wait reads 'pending', not 'failed', and the next step is not sent", async () => {
    const second: PlannedStep = { ...step, id: "again", label: "Send 2 AURUM" };
    send.mockRejectedValueOnce(
      new TxStillPendingError("Send 1 AURUM is still pending after 3 minutes", "0xab"),
    );
    const { result } = renderHook(() => useTxSteps(env));
    await act(async () => {
      expect(await result.current.run([step, second])).toBe(false);
    });
    expect(result.current.steps?.map((s) => s.status)).toEqual(["pending", "waiting"]);
    expect(result.current.error).toBe("Send 1 AURUM is still pending after 3 minutes");
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("keeps a TxError's sentence and a planning error's own short words", async () => {
    const { result } = renderHook(() => useTxSteps(env));
    send.mockRejectedValue(new TxError("Transaction rejected in your wallet"));
    await act(async () => {
      await result.current.run([step]);
    });
    expect(result.current.error).toBe("Transaction rejected in your wallet");
    await act(async () => {
      await result.current.run(async () => {
        throw new RangeError("You have nothing staked in this pool any more");
      });
    });
    expect(result.current.error).toBe("You have nothing staked in this pool any more");
    await act(async () => {
      await result.current.run(async () => {
        throw new HttpRequestError({ url: "http://rpc.test", body: { method: "eth_call" } });
      });
    });
    expect(result.current.error).toBe(walletErrorMessages.network);
  });
});
