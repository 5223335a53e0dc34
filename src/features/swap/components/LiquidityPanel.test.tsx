// @vitest-environment happy-dom
// Switching the pool or the Add/Remove tab while a wallet prompt was open unmounted the form that
// started it; the remounted one was idle and could send the same request again. Without a wallet,
// the forms' button said "Connect your wallet…" but was disabled; swap and stake open the modal.
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { TransactionReceipt } from "viem";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithWallet, stubApi, testEnv } from "../../../../test/render";
import { wrappedTusdPool } from "../testing";

const sent: string[] = [];
/** Ends the call the wallet holds: confirmed (true) or rejected (false). */
let release: (confirmed: boolean) => void = () => {};

vi.mock("@/web3/tx-runner", async () => {
  const { TxError } = await import("@/web3/tx-step");
  return {
    // The wallet prompt stays open until the test answers it.
    useTransactionRunner: () => async (step: { functionName: string }) => {
      sent.push(step.functionName);
      if (!(await new Promise<boolean>((r) => (release = r))))
        throw new TxError("You rejected the transaction in your wallet");
      return { status: "success", blockNumber: 11n, logs: [] } as unknown as TransactionReceipt;
    },
  };
});
vi.mock("@/web3/allowance", () => ({
  readAllowance: async () => 10n ** 30n,
  missingApproval: async () => null,
}));
vi.mock("@/lib/chain-time", () => ({ chainTime: async () => 1_000n }));

const base = testEnv();
const pool = wrappedTusdPool(base);
const env = {
  ...base,
  pairs: [{ key: pool.key, address: pool.address, token0: pool.token0, token1: pool.token1 }],
};

vi.mock("../queries", async (orig) => ({
  ...(await orig<typeof import("../queries")>()),
  usePools: () => ({ data: [pool], isLoading: false }),
}));

import { LiquidityPanel } from "./LiquidityPanel";

beforeEach(() => {
  sent.length = 0;
  stubApi({});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;
/** The pool picker and the tabs sit in one fieldset: disabled, it disables each of them. */
const choiceDisabled = () => {
  const fieldset = screen.getByTestId("liquidity-choice") as HTMLFieldSetElement;
  expect(fieldset.contains(screen.getByRole("tab", { name: "Add" }))).toBe(true);
  expect(fieldset.contains(screen.getByRole("radio", { name: /AURUM\/tUSD/ }))).toBe(true);
  return fieldset.disabled;
};

describe("LiquidityPanel while a transaction runs", () => {
  it("keeps the pool and the Add/Remove tab until the form's run ends", async () => {
    await renderWithWallet(<LiquidityPanel env={env} />, { connected: true });
    fireEvent.click(screen.getByRole("tab", { name: "Remove" }));
    expect(choiceDisabled()).toBe(false);
    fireEvent.click(button("remove-liquidity-submit"));
    await waitFor(() => expect(sent).toEqual(["removeLiquidityETH"]));
    expect(choiceDisabled()).toBe(true);
    await act(async () => release(false));
    await waitFor(() => expect(choiceDisabled()).toBe(false));
  });
});

describe("LiquidityPanel without a wallet", () => {
  it("Add: the connect button opens the wallet modal", async () => {
    const { open } = await renderWithWallet(<LiquidityPanel env={env} />);
    const connect = button("add-liquidity-submit");
    expect(connect.textContent).toBe("Connect your wallet to add liquidity");
    expect(connect.disabled).toBe(false);
    fireEvent.click(connect);
    expect(open).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
  });

  it("Remove: the connect button opens the wallet modal", async () => {
    const { open } = await renderWithWallet(<LiquidityPanel env={env} />);
    fireEvent.click(screen.getByRole("tab", { name: "Remove" }));
    const connect = button("remove-liquidity-submit");
    expect(connect.textContent).toBe("Connect your wallet to remove liquidity");
    expect(connect.disabled).toBe(false);
    fireEvent.click(connect);
    expect(open).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
  });
});
