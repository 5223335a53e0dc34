// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { parseEther } from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT, renderWithWallet, testEnv } from "../../../../test/render";
import { stakePoolsOf } from "../pools";
import type { StakePoolState } from "../queries";
import { StakeForm, UnstakeForm } from "./StakeForms";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const env = testEnv();
const pool = stakePoolsOf(env)[0]!;
const state: StakePoolState = {
  totalSupply: parseEther("100"),
  rewardRate: 1n,
  periodFinish: 2_000_000_000n,
  rewardsDuration: 2_592_000n,
  readAt: 1_900_000_000n,
  fetchedAtMs: Date.now(),
  account: {
    staked: parseEther("3"),
    earned: 0n,
    wallet: parseEther("2"),
    native: parseEther("50"),
    allowance: 0n,
  },
};
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe("StakeForm", () => {
  it("shows the wallet balance of the chosen source and validates the amount against it", async () => {
    await renderWithWallet(<StakeForm env={env} pool={pool} state={state} account={ACCOUNT} />, {
      connected: true,
    });
    expect(screen.getByText("Wallet 50 AURUM")).toBeTruthy();
    expect(screen.getByTestId("stake-submit").textContent).toBe("Wrap and stake");
    type("stake-amount", "60");
    expect(await screen.findByText("Insufficient AURUM balance")).toBeTruthy();
    expect((screen.getByTestId("stake-submit") as HTMLButtonElement).disabled).toBe(true);
  });

  it("accepts a decimal comma and refuses letters", async () => {
    await renderWithWallet(<StakeForm env={env} pool={pool} state={state} account={ACCOUNT} />, {
      connected: true,
    });
    type("stake-amount", "1,5");
    expect((screen.getByTestId("stake-amount") as HTMLInputElement).value).toBe("1.5");
    type("stake-amount", "abc");
    expect(await screen.findByTestId("stake-amount-error")).toBeTruthy();
  });

  it("without a wallet offers to connect one", async () => {
    await renderWithWallet(<StakeForm env={env} pool={pool} state={state} account={undefined} />);
    expect(screen.getByRole("button", { name: "Connect wallet" })).toBeTruthy();
  });
});

describe("UnstakeForm", () => {
  it("refuses more than the stake in the seed's words, and All fills the stake in", async () => {
    await renderWithWallet(<UnstakeForm env={env} pool={pool} state={state} account={ACCOUNT} />, {
      connected: true,
    });
    type("unstake-amount", "4");
    expect(await screen.findByText("You cannot unstake more than you have staked")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "All" }));
    expect((screen.getByTestId("unstake-amount") as HTMLInputElement).value).toBe("3");
  });
});
