// @vitest-environment happy-dom
// A transaction in progress belongs to the form that started it: switching the stake/unstake tab or
// closing Exit while the wallet prompt was open unmounted that form, and the remounted one was idle
// (a second exit(), which reverts and costs gas), and forgot what had confirmed (a second wrap). And
// an exit whose unwrap was rejected left the WAURUM with no way back to AURUM in the panel.
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeWallet } from "../../../../test/fake-wallet";
import { renderWithWallet, stubApi, testEnv } from "../../../../test/render";
import type { StakePoolState } from "../queries";

vi.mock("@/web3/tx-runner", async () => (await import("../../../../test/fake-wallet")).fakeTxRunner());
vi.mock("@/web3/allowance", () => ({
  readAllowance: async () => 10n ** 30n,
  missingApproval: async () => null,
}));
// Exit reads the stake again before planning: the 3 WAURUM of the fixture.
vi.mock("wagmi/actions", async (orig) => ({
  ...(await orig<typeof import("wagmi/actions")>()),
  readContract: async () => 3n * 10n ** 18n,
}));
// The pool read, which the test replaces (the refetch after a step).
let setPoolState: (s: StakePoolState) => void = () => {};
vi.mock("../queries", async (orig) => {
  const { useState } = await import("react");
  const { poolStateFixture } = await import("../testing");
  return {
    ...(await orig<typeof import("../queries")>()),
    useStakePool: () => {
      const [data, set] = useState(poolStateFixture);
      setPoolState = set;
      return { data };
    },
  };
});

import { stakePoolsOf } from "../pools";
import { poolStateFixture } from "../testing";
import { StakePoolCard } from "./StakePoolCard";

const env = testEnv();
const pool = stakePoolsOf(env)[0]!; // the WAURUM pool: stake wraps AURUM first, exit unwraps after
const state = poolStateFixture(); // 3 WAURUM staked, 50 AURUM in the wallet
const three = 3n * 10n ** 18n;

beforeEach(() => {
  fakeWallet.reset();
  stubApi({});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderCard = () => renderWithWallet(<StakePoolCard env={env} pool={pool} />, { connected: true });
const tab = (name: string) => screen.getByRole("tab", { name });
const tabsDisabled = () => tab("Stake").closest("fieldset")?.disabled === true;
const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

describe("StakePoolCard while a transaction runs", () => {
  it("keeps the stake/unstake tabs until the form's run ends", async () => {
    fakeWallet.answers = ["hold"];
    await renderCard();
    fireEvent.change(screen.getByTestId("stake-amount"), { target: { value: "1" } });
    fireEvent.click(button("stake-submit"));
    await waitFor(() => expect(fakeWallet.sent.length).toBe(1)); // the wrap, waiting in the wallet
    expect(tabsDisabled()).toBe(true);
    await act(async () => fakeWallet.release(false));
    await waitFor(() => expect(tabsDisabled()).toBe(false));
  });

  it("keeps Exit open until the exit's run ends", async () => {
    fakeWallet.answers = ["hold"];
    await renderCard();
    fireEvent.click(button("stake-exit"));
    fireEvent.click(button("exit-confirm"));
    await waitFor(() => expect(fakeWallet.sent.map((s) => s.functionName)).toEqual(["exit"]));
    expect(button("stake-exit").disabled).toBe(true);
    await act(async () => fakeWallet.release(false));
    await waitFor(() => expect(button("stake-exit").disabled).toBe(false));
  });

  it("remembers a confirmed wrap across a tab switch: the stake form resumes at the stake", async () => {
    fakeWallet.answers = ["confirm", "reject"]; // wrap ✓, stake ✗
    await renderCard();
    fireEvent.change(screen.getByTestId("stake-amount"), { target: { value: "1" } });
    fireEvent.click(button("stake-submit"));
    expect(await screen.findByTestId("stake-error", {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(tab("Unstake"));
    fireEvent.click(tab("Stake"));
    // The request is shown again, and the button no longer wraps.
    expect((screen.getByTestId("stake-amount") as HTMLInputElement).value).toBe("1");
    expect(button("stake-submit").textContent).toBe("Stake");
    fireEvent.click(button("stake-submit"));
    await waitFor(() => expect(fakeWallet.sent.length).toBe(3));
    expect(fakeWallet.sent.map((s) => s.functionName)).toEqual(["deposit", "stake", "stake"]);
  });
});

describe("StakePoolCard: exit, then a rejected unwrap", () => {
  it("offers the unwrap of exactly what the exit returned, and sends only that", async () => {
    fakeWallet.answers = ["confirm", "reject"]; // exit ✓, unwrap ✗
    await renderCard();
    fireEvent.click(button("stake-exit"));
    fireEvent.click(button("exit-confirm"));
    await waitFor(() => expect(screen.getByText("You rejected the transaction in your wallet")).toBeTruthy());
    // The refetch after the exit: nothing staked any more, the 3 WAURUM are in the wallet.
    act(() =>
      setPoolState({ ...state, account: { ...state.account!, staked: 0n, wallet: 5n * 10n ** 18n } }),
    );
    expect(screen.queryByText("You have nothing staked in this pool.")).toBeNull();
    expect(screen.getByTestId("exit-unwrap-left").textContent).toBe(
      "Your exit confirmed and returned 3 WAURUM: unwrap it into AURUM.",
    );
    expect(button("exit-confirm").textContent).toBe("Unwrap");
    expect(button("exit-confirm").disabled).toBe(false);

    // Closed and opened again (the stake reads 0, yet Exit still has this to finish).
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("exit-panel")).toBeNull();
    expect(button("stake-exit").disabled).toBe(false);
    fireEvent.click(button("stake-exit"));
    expect(button("exit-confirm").textContent).toBe("Unwrap");

    fireEvent.click(button("exit-confirm"));
    await waitFor(() => expect(screen.queryByTestId("exit-panel")).toBeNull());
    expect(fakeWallet.sent).toEqual([
      { address: pool.address, functionName: "exit", args: [] },
      { address: pool.stakingToken.address, functionName: "withdraw", args: [three] }, // ✗
      { address: pool.stakingToken.address, functionName: "withdraw", args: [three] }, // no second exit
    ]);
    // Done: nothing left to exit or unwrap.
    expect(button("stake-exit").disabled).toBe(true);
  });
});
