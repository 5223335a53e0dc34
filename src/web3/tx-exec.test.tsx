import { UserRejectedRequestError } from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";

const actions = vi.hoisted(() => ({
  getConnection: vi.fn(),
  switchChain: vi.fn(),
  sendTransaction: vi.fn(),
  simulateContract: vi.fn(),
  writeContract: vi.fn(),
}));
vi.mock("wagmi/actions", () => actions);
const toastError = vi.hoisted(() => vi.fn());
vi.mock("react-toastify", () => ({
  toast: Object.assign(vi.fn(), { error: toastError, loading: vi.fn(), dismiss: vi.fn() }),
}));

import type { TxContext } from "./tx-exec";
import { sendStep } from "./tx-exec";
import { TxError } from "./tx-step";
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
