// @vitest-environment happy-dom
// A multi-step stake/unstake whose later step fails (e.g. the user rejects the unwrap in the wallet):
// pressing the button again resumes at the first unconfirmed step. It used to re-plan every step
// and ask the wallet to repeat the one that had confirmed: a second withdraw (2 unstaked for an
// "Unstake 1") or a second wrap. An edit of the amount or the choice is a new request.
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { createElement, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeWallet } from "../../../../test/fake-wallet";
import { ACCOUNT, renderWithWallet, testEnv } from "../../../../test/render";

vi.mock("@/web3/tx-runner", async () => (await import("../../../../test/fake-wallet")).fakeTxRunner());
// The allowance the stake plan reads: already enough (no approve step), so the plan is wrap → stake.
let allowanceFails = false;
vi.mock("@/web3/allowance", () => ({
  readAllowance: async () => {
    if (allowanceFails) throw new Error("RPC down");
    return 10n ** 30n;
  },
  missingApproval: async () => null,
}));

import { stakePoolsOf } from "../pools";
import { poolStateFixture } from "../testing";
import { StakeForm, UnstakeForm } from "./StakeForms";

const env = testEnv();
const pool = stakePoolsOf(env)[0]!; // the WAURUM pool (stake from AURUM: wrap first; unstake: unwrap after)
const state = poolStateFixture(); // 3 WAURUM staked, 50 AURUM in the wallet

beforeEach(() => {
  fakeWallet.reset();
  allowanceFails = false;
});
afterEach(() => cleanup());

const names = () => fakeWallet.sent.map((s) => s.functionName);

/** The unstake form under a page whose pool read the test replaces (the refetch after a step). */
let setShown: (s: typeof state) => void = () => {};
function Host() {
  const [shown, set] = useState(state);
  setShown = set;
  return createElement(UnstakeForm, { env, pool, state: shown, account: ACCOUNT });
}

describe("retry after the last step of a stake/unstake failed", () => {
  it("Unstake and unwrap 1: after withdraw confirmed and the unwrap was rejected, Retry does not withdraw again", async () => {
    fakeWallet.rejectCall(2); // the unwrap
    await renderWithWallet(createElement(UnstakeForm, { env, pool, state, account: ACCOUNT }), {
      connected: true,
    });
    fireEvent.change(screen.getByTestId("unstake-amount"), { target: { value: "1" } });
    fireEvent.click(screen.getByTestId("unstake-submit"));
    await waitFor(() => expect(screen.getByText("You rejected the transaction in your wallet")).toBeTruthy());
    const one = 10n ** 18n;
    expect(fakeWallet.sent).toEqual([
      { address: pool.address, functionName: "withdraw", args: [one] }, // unstake ✓
      { address: pool.stakingToken.address, functionName: "withdraw", args: [one] }, // unwrap ✗
    ]);

    // The user presses the button again to finish.
    fireEvent.click(screen.getByTestId("unstake-submit"));
    await waitFor(() => expect(fakeWallet.sent.length).toBeGreaterThan(2), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByText("You rejected the transaction in your wallet")).toBeNull());
    // Only the unwrap of the 1 WAURUM already withdrawn (the pool's withdraw(1) used to be asked
    // again, so 2 WAURUM ended up unstaked for an "Unstake 1").
    expect(fakeWallet.sent.slice(2)).toEqual([
      { address: pool.stakingToken.address, functionName: "withdraw", args: [one] },
    ]);
  });

  it("Wrap and stake 1: after the wrap confirmed and the stake was rejected, Retry does not wrap again", async () => {
    fakeWallet.rejectCall(2); // the stake
    await renderWithWallet(createElement(StakeForm, { env, pool, state, account: ACCOUNT }), {
      connected: true,
    });
    fireEvent.change(screen.getByTestId("stake-amount"), { target: { value: "1" } });
    fireEvent.click(screen.getByTestId("stake-submit"));
    expect(await screen.findByTestId("stake-error", {}, { timeout: 5000 })).toBeTruthy();
    expect(names()).toEqual(["deposit", "stake"]); // wrap ✓, stake ✗

    fireEvent.click(screen.getByTestId("stake-submit"));
    await waitFor(() => expect(fakeWallet.sent.length).toBeGreaterThan(2), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByTestId("stake-error")).toBeNull());
    // Stake the 1 WAURUM already wrapped (it used to deposit (wrap) 1 AURUM again, then stake).
    expect(names()).toEqual(["deposit", "stake", "stake"]);
  });

  it("Unstake all: once the withdraw confirmed the button finishes the unwrap only, even after the page reads 0 staked and the unwrap is rejected again", async () => {
    fakeWallet.rejectCall(2);
    await renderWithWallet(createElement(Host), { connected: true });
    const submit = () => screen.getByTestId("unstake-submit") as HTMLButtonElement;
    fireEvent.click(screen.getByRole("button", { name: "All of your staked WAURUM" }));
    expect(submit().textContent).toBe("Unstake and unwrap");
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByText("You rejected the transaction in your wallet")).toBeTruthy());
    // The refetch after the withdraw: nothing staked any more. "All" (3) must not now read as more
    // than staked, or the unwrap of the 3 WAURUM withdrawn could not be finished.
    act(() => setShown({ ...state, account: { ...state.account!, staked: 0n, wallet: 3n * 10n ** 18n } }));
    expect(submit().textContent).toBe("Unwrap");
    expect(submit().disabled).toBe(false);
    expect(screen.queryByText("You cannot unstake more than you have staked")).toBeNull();

    fakeWallet.rejectCall(3); // the user rejects the unwrap once more …
    fireEvent.click(submit());
    await waitFor(() => expect(fakeWallet.sent.length).toBe(3));
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(submit().textContent).toBe("Unwrap");
    fireEvent.click(submit()); // … and accepts it now
    await waitFor(() => expect(fakeWallet.sent.length).toBe(4));
    const three = 3n * 10n ** 18n;
    expect(fakeWallet.sent).toEqual([
      { address: pool.address, functionName: "withdraw", args: [three] },
      ...Array(3).fill({ address: pool.stakingToken.address, functionName: "withdraw", args: [three] }),
    ]);
    // Done: the form is empty and the next request starts from the first step.
    await waitFor(() => expect(submit().textContent).toBe("Unstake and unwrap"));
  });

  it("Unstake: editing the amount after a partial run is a new request (withdraw and unwrap again)", async () => {
    fakeWallet.rejectCall(2);
    await renderWithWallet(createElement(UnstakeForm, { env, pool, state, account: ACCOUNT }), {
      connected: true,
    });
    fireEvent.change(screen.getByTestId("unstake-amount"), { target: { value: "1" } });
    fireEvent.click(screen.getByTestId("unstake-submit"));
    await waitFor(() => expect(screen.getByText("You rejected the transaction in your wallet")).toBeTruthy());
    expect(screen.getByTestId("unstake-submit").textContent).toBe("Unwrap");
    fireEvent.change(screen.getByTestId("unstake-amount"), { target: { value: "2" } });
    expect(screen.getByTestId("unstake-submit").textContent).toBe("Unstake and unwrap");
    // Back to the same amount: still a new request, since the edit forgot the last one.
    fireEvent.change(screen.getByTestId("unstake-amount"), { target: { value: "1" } });
    expect(screen.getByTestId("unstake-submit").textContent).toBe("Unstake and unwrap");
    fireEvent.click(screen.getByTestId("unstake-submit"));
    await waitFor(() => expect(fakeWallet.sent.length).toBe(4));
    expect(fakeWallet.sent.slice(2).map((s) => [s.address, s.functionName])).toEqual([
      [pool.address, "withdraw"],
      [pool.stakingToken.address, "withdraw"],
    ]);
  });

  it("Stake: after the wrap confirmed the button says Stake; switching the source forgets it", async () => {
    fakeWallet.rejectCall(2);
    await renderWithWallet(createElement(StakeForm, { env, pool, state, account: ACCOUNT }), {
      connected: true,
    });
    const submit = () => screen.getByTestId("stake-submit") as HTMLButtonElement;
    fireEvent.change(screen.getByTestId("stake-amount"), { target: { value: "1" } });
    expect(submit().textContent).toBe("Wrap and stake");
    fireEvent.click(submit());
    expect(await screen.findByTestId("stake-error", {}, { timeout: 5000 })).toBeTruthy();
    expect(submit().textContent).toBe("Stake");
    fireEvent.click(screen.getByRole("radio", { name: "WAURUM" }));
    fireEvent.click(screen.getByRole("radio", { name: "AURUM (wrapped for you)" }));
    expect(submit().textContent).toBe("Wrap and stake");
  });

  it("Stake: a new amount whose planning failed does not inherit the last amount's confirmed wrap", async () => {
    fakeWallet.rejectCall(2);
    await renderWithWallet(createElement(StakeForm, { env, pool, state, account: ACCOUNT }), {
      connected: true,
    });
    const submit = () => screen.getByTestId("stake-submit") as HTMLButtonElement;
    fireEvent.change(screen.getByTestId("stake-amount"), { target: { value: "1" } });
    fireEvent.click(submit());
    expect(await screen.findByTestId("stake-error", {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(screen.getByTestId("stake-amount"), { target: { value: "2" } });
    allowanceFails = true; // the stepper still shows the run of 1 (wrap ✓) after this fails
    fireEvent.click(submit());
    expect(await screen.findByTestId("stake-error", {}, { timeout: 5000 })).toBeTruthy();
    expect(submit().textContent).toBe("Wrap and stake");
    allowanceFails = false;
    fireEvent.click(submit());
    await waitFor(() => expect(fakeWallet.sent.length).toBe(4));
    expect(names()).toEqual(["deposit", "stake", "deposit", "stake"]);
    expect(fakeWallet.sent[2]).toMatchObject({ functionName: "deposit", args: [] });
  });
});
