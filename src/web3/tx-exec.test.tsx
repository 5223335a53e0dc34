import type { ReactElement } from "react";
import {
  createClient,
  custom,
  type Hash,
  type TransactionReceipt,
  UserRejectedRequestError,
  WaitForTransactionReceiptTimeoutError,
} from "viem";
import type * as ViemActions from "viem/actions";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const actions = vi.hoisted(() => ({
  getConnection: vi.fn(),
  switchChain: vi.fn(),
  sendTransaction: vi.fn(),
  simulateContract: vi.fn(),
  writeContract: vi.fn(),
}));
vi.mock("wagmi/actions", () => actions);
const toastError = vi.hoisted(() => vi.fn());
const toastShow = vi.hoisted(() => vi.fn());
vi.mock("react-toastify", () => ({
  toast: Object.assign(toastShow, { error: toastError, loading: vi.fn(() => "submitted"), dismiss: vi.fn() }),
}));
// viem's own wait by default (driven by the fake node below); a test may stand in for it.
const wait = vi.hoisted(() => vi.fn());
vi.mock("viem/actions", async (importOriginal) => {
  const actual = await importOriginal<typeof ViemActions>();
  wait.mockImplementation(actual.waitForTransactionReceipt);
  return { ...actual, waitForTransactionReceipt: (...a: unknown[]) => wait(...a) };
});

import { readTransactions } from "@/wallet-modal/state/transactions";
import type { TxContext } from "./tx-exec";
import { sendStep } from "./tx-exec";
import { TxError, TxStillPendingError } from "./tx-step";
import { walletErrorMessages } from "./wallet-errors";

const ctx = {
  config: {},
  queryClient: {},
  chainId: 99199,
  explorerUrl: "http://explorer.test",
} as unknown as TxContext;
const step = { label: "Send 1 AURUM", to: "0x0000000000000000000000000000000000000001", value: 1n } as const;

afterEach(() => {
  vi.clearAllMocks();
});

const ME = "0x00000000000000000000000000000000000000a1";
const SENT = `0x${"a".repeat(64)}` as Hash;
const MINED = `0x${"b".repeat(64)}` as Hash;
const hex = (n: bigint | number) => `0x${n.toString(16)}`;

/**
 * A node on which SENT (nonce 7, `step`'s transfer) is pending and `replacement` took its nonce in
 * block 16: what a wallet's Cancel or Speed up leaves behind.
 */
function nodeWithReplacement(replacement: { to: string; value: bigint; gasPrice: bigint }) {
  const tx = (hash: Hash, t: { to: string; value: bigint; gasPrice: bigint }, mined: boolean) => ({
    hash,
    from: ME,
    to: t.to,
    value: hex(t.value),
    input: "0x",
    nonce: "0x7",
    gas: "0x5208",
    gasPrice: hex(t.gasPrice),
    type: "0x0",
    chainId: hex(99199),
    v: "0x1b",
    r: "0x1",
    s: "0x1",
    blockHash: mined ? `0x${"c".repeat(64)}` : null,
    blockNumber: mined ? "0x10" : null,
    transactionIndex: mined ? "0x0" : null,
  });
  const sent = tx(SENT, { to: step.to, value: step.value, gasPrice: 1n }, false);
  const mined = tx(MINED, replacement, true);
  const receipt = {
    transactionHash: MINED,
    blockHash: mined.blockHash,
    blockNumber: "0x10",
    transactionIndex: "0x0",
    from: ME,
    to: replacement.to,
    status: "0x1",
    type: "0x0",
    gasUsed: "0x5208",
    cumulativeGasUsed: "0x5208",
    effectiveGasPrice: hex(replacement.gasPrice),
    contractAddress: null,
    logs: [],
    logsBloom: `0x${"0".repeat(512)}`,
  };
  const answers: Record<string, (params: unknown[]) => unknown> = {
    eth_chainId: () => hex(99199),
    eth_blockNumber: () => "0x10",
    eth_getTransactionByHash: ([h]) => (h === SENT ? sent : h === MINED ? mined : null),
    eth_getTransactionReceipt: ([h]) => (h === MINED ? receipt : null),
    eth_getBlockByNumber: () => ({
      number: "0x10",
      hash: mined.blockHash,
      parentHash: `0x${"d".repeat(64)}`,
      timestamp: "0x1",
      transactions: [mined],
    }),
  };
  return createClient({
    pollingInterval: 10,
    transport: custom({
      request: async ({ method, params }: { method: string; params: unknown[] }) => {
        const answer = answers[method];
        if (!answer) throw new Error(`unexpected ${method}`);
        return answer(params);
      },
    }),
  });
}

function connectedCtx(client: unknown, refetch: "quick" | "never" = "quick") {
  actions.getConnection.mockReturnValue({ address: ME, chainId: 99199 });
  actions.sendTransaction.mockResolvedValue(SENT);
  const invalidateQueries = vi.fn(() => (refetch === "quick" ? Promise.resolve() : new Promise(() => {})));
  const c = { ...ctx, config: { getClient: () => client }, queryClient: { invalidateQueries } };
  return c as unknown as TxContext & { queryClient: { invalidateQueries: typeof invalidateQueries } };
}

/** The text and explorer hash of the toasts that replaced "submitted" (settleToast). */
const settledToasts = () =>
  toastShow.mock.calls.map(([content, options]) => {
    const props = (content as ReactElement<{ text: string; hash: Hash }>).props;
    return { type: (options as { type: string }).type, text: props?.text ?? content, hash: props?.hash };
  });

describe("sendStep: the wallet replaced the transaction", () => {
  beforeEach(() => {
    const m = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
    });
  });

  it("a Cancel (0-value self-send, which succeeds) fails the step instead of confirming it", async () => {
    const c = connectedCtx(nodeWithReplacement({ to: ME, value: 0n, gasPrice: 2n }));
    const onConfirmed = vi.fn();
    const failure = await sendStep(c, { ...step, confirmedText: "Sent 1 AURUM", onConfirmed }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(TxError);
    expect((failure as TxError).message).toBe("Send 1 AURUM was cancelled in your wallet");
    expect(onConfirmed).not.toHaveBeenCalled();
    expect(settledToasts()).toEqual([
      { type: "error", text: "Send 1 AURUM was cancelled in your wallet", hash: undefined },
    ]);
    expect(readTransactions().map((t) => [t.hash, t.status])).toEqual([[SENT, "failed"]]);
  });

  it("a replacement with another call fails the step", async () => {
    const c = connectedCtx({});
    wait.mockImplementationOnce(async (_client, { onReplaced }) => {
      onReplaced?.({ reason: "replaced", transactionReceipt: { transactionHash: MINED, status: "success" } });
      return { transactionHash: MINED, status: "success" };
    });
    const onConfirmed = vi.fn();
    const failure = await sendStep(c, { ...step, onConfirmed }).catch((e: unknown) => e);
    expect((failure as TxError).message).toBe(
      "Send 1 AURUM was replaced by another transaction in your wallet",
    );
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  it("a Speed up (same call, higher fee) confirms, linking and recording the mined hash", async () => {
    const c = connectedCtx(nodeWithReplacement({ to: step.to, value: step.value, gasPrice: 3n }));
    const onConfirmed = vi.fn();
    const receipt = await sendStep(c, { ...step, confirmedText: "Sent 1 AURUM", onConfirmed });
    expect(receipt.transactionHash).toBe(MINED);
    expect(onConfirmed).toHaveBeenCalledWith(receipt);
    expect(settledToasts()).toEqual([{ type: "success", text: "Sent 1 AURUM", hash: MINED }]);
    // Still pending in the list: the Recent tab settles it from its receipt.
    expect(readTransactions().map((t) => [t.hash, t.status])).toEqual([[MINED, "pending"]]);
  });
});

describe("sendStep: after the receipt wait", () => {
  it("a wait that timed out says the transaction is still pending, not failed, and links it", async () => {
    const c = connectedCtx({});
    wait.mockRejectedValueOnce(new WaitForTransactionReceiptTimeoutError({ hash: SENT }));
    const failure = await sendStep(c, step).catch((e: unknown) => e);
    const text =
      "Send 1 AURUM is still pending after 3 minutes. Check it in the explorer or under Recent transactions before you try again";
    expect(failure).toBeInstanceOf(TxStillPendingError);
    expect((failure as TxStillPendingError).message).toBe(text);
    expect((failure as TxStillPendingError).hash).toBe(SENT);
    expect(settledToasts()).toEqual([{ type: "warning", text, hash: SENT }]);
    expect(toastError).not.toHaveBeenCalled();
  });

  it("returns once confirmed without waiting for every query to refetch", async () => {
    const c = connectedCtx({}, "never");
    const receipt = { transactionHash: SENT, status: "success" } as TransactionReceipt;
    wait.mockResolvedValueOnce(receipt);
    await expect(sendStep(c, step)).resolves.toBe(receipt);
    expect(c.queryClient.invalidateQueries).toHaveBeenCalledTimes(1);
  });
});

describe("sendStep: switching to the testnet first", () => {
  it("a declined switch says so, not 'Transaction rejected', and asks for no transaction", async () => {
    actions.getConnection.mockReturnValue({
      address: "0x00000000000000000000000000000000000000a1",
      chainId: 1,
    });
    actions.switchChain.mockRejectedValue(
      new UserRejectedRequestError(new Error("User rejected the request.")),
    );
    const failure = await sendStep(ctx, step).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TxError);
    expect((failure as TxError).message).toBe(walletErrorMessages.switchDeclined);
    expect((failure as TxError).message).not.toMatch(/Transaction rejected/);
    expect(toastError).toHaveBeenCalledWith(walletErrorMessages.switchDeclined);
    expect(actions.sendTransaction).not.toHaveBeenCalled();
  });

  it("a wallet that does not know the testnet (4902) is told to add it", async () => {
    actions.getConnection.mockReturnValue({
      address: "0x00000000000000000000000000000000000000a1",
      chainId: 1,
    });
    actions.switchChain.mockRejectedValue(Object.assign(new Error("Unrecognized chain ID"), { code: 4902 }));
    const failure = await sendStep(ctx, step).catch((e: unknown) => e);
    expect((failure as TxError).message).toBe(walletErrorMessages.unknownChain);
  });
});
