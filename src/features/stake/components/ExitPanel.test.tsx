// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT, renderWithWallet, testEnv } from "../../../../test/render";
import { type StakePool, stakePoolsOf } from "../pools";
import type { StakePoolState } from "../queries";
import { poolStateFixture } from "../testing";
import { ClaimButtons } from "./ClaimButtons";
import { ExitPanel } from "./ExitPanel";

afterEach(() => cleanup());

const env = testEnv();
const waurumPool = stakePoolsOf(env)[0]!;
// A pool of a token that is not the wrapped native coin (as the LP pool is, when a pair exists).
const lpPool: StakePool = {
  ...waurumPool,
  id: "LP",
  stakingToken: { ...waurumPool.stakingToken, symbol: "AURUM/tUSD LP", icon: "lp" },
  nativeToken: null,
};
const state: StakePoolState = poolStateFixture();
const earned = 1_234_567n; // 1.234567 tUSD (6 decimals): shown cut, not rounded up

/** The panel as StakePoolCard opens it, connected, with what a test changes. */
const renderExit = ({
  pool = waurumPool,
  state: poolState = state,
  earned: owed = earned,
  onClose = vi.fn(),
}: {
  pool?: StakePool;
  state?: StakePoolState;
  earned?: bigint;
  onClose?: () => void;
} = {}) =>
  renderWithWallet(
    <ExitPanel
      env={env}
      pool={pool}
      state={poolState}
      account={ACCOUNT}
      earned={owed}
      onClaimed={vi.fn()}
      onClose={onClose}
    />,
    { connected: true },
  );

describe("ExitPanel", () => {
  it("unwraps by default and says what arrives, rewards included, before the wallet opens", async () => {
    await renderExit();
    const unwrap = screen.getByRole("checkbox", { name: "Unwrap to AURUM" }) as HTMLInputElement;
    expect(unwrap.checked).toBe(true);
    expect(screen.getByTestId("exit-receive").textContent).toBe(
      "You will receive 3 AURUM + the rewards ≈ 1.2345 tUSD",
    );
    expect(screen.getByTestId("exit-confirm").textContent).toBe("Exit and unwrap");
    fireEvent.click(unwrap);
    expect(screen.getByTestId("exit-receive").textContent).toBe(
      "You will receive 3 WAURUM + the rewards ≈ 1.2345 tUSD",
    );
    expect(screen.getByTestId("exit-confirm").textContent).toBe("Exit");
  });

  it("offers no unwrap on a pool of another token", async () => {
    await renderExit({ pool: lpPool });
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.getByTestId("exit-receive").textContent).toMatch(/^You will receive 3 .*LP \+ the rewards/);
    expect(screen.getByTestId("exit-confirm").textContent).toBe("Exit");
  });

  it("reads the stake again before planning: when that read fails, no step starts and it says why", async () => {
    const onClose = vi.fn();
    await renderExit({ onClose: onClose });
    fireEvent.click(screen.getByTestId("exit-confirm"));
    // viem retries the failed read a few times first.
    expect(await screen.findByTestId("exit-error", {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId("exit-stepper")).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("with nothing staked says so and cannot confirm", async () => {
    const empty = { ...state, account: state.account && { ...state.account, staked: 0n } };
    await renderExit({ state: empty, earned: 0n });
    expect(screen.getByText("You have nothing staked in this pool.")).toBeTruthy();
    expect((screen.getByTestId("exit-confirm") as HTMLButtonElement).disabled).toBe(true);
  });
});

function Toggle() {
  const [open, setOpen] = useState(false);
  return (
    <ClaimButtons
      env={env}
      pool={waurumPool}
      state={state}
      account={ACCOUNT}
      earned={earned}
      onClaimed={() => {}}
      exitOpen={open}
      onToggleExit={() => setOpen((o) => !o)}
    />
  );
}

describe("ClaimButtons", () => {
  it("Exit opens the confirmation (no wallet yet) and Claim waits while it is open", async () => {
    await renderWithWallet(<Toggle />, { connected: true });
    const exit = screen.getByTestId("stake-exit");
    const claim = screen.getByTestId("stake-claim") as HTMLButtonElement;
    expect(exit.getAttribute("aria-expanded")).toBe("false");
    expect(claim.disabled).toBe(false);
    fireEvent.click(exit);
    expect(exit.getAttribute("aria-expanded")).toBe("true");
    expect(exit.getAttribute("aria-controls")).toBe(`stake-exit-panel-${waurumPool.id}`);
    expect(claim.disabled).toBe(true);
    fireEvent.click(exit);
    expect(exit.getAttribute("aria-expanded")).toBe("false");
  });
});
