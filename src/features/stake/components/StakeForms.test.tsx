// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT, renderWithWallet, testEnv } from "../../../../test/render";
import { stakePoolsOf } from "../pools";
import type { StakePoolState } from "../queries";
import { poolStateFixture } from "../testing";
import { StakeForm, UnstakeForm } from "./StakeForms";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const env = testEnv();
const pool = stakePoolsOf(env)[0]!;
const state: StakePoolState = poolStateFixture();
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe("StakeForm", () => {
  it("shows the wallet balance of the chosen source and validates the amount against it", async () => {
    await renderWithWallet(<StakeForm env={env} pool={pool} state={state} account={ACCOUNT} />, {
      connected: true,
    });
    expect(screen.getByText("Wallet 50 AURUM")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Amount to stake" })).toBe(screen.getByTestId("stake-amount"));
    expect(screen.getByRole("button", { name: "Max AURUM to stake" }).textContent).toBe("Max");
    expect(screen.getByTestId("stake-submit").textContent).toBe("Wrap and stake");
    type("stake-amount", "60");
    expect(await screen.findByText("Insufficient AURUM balance")).toBeTruthy();
    expect((screen.getByTestId("stake-submit") as HTMLButtonElement).disabled).toBe(true);
    // The whole native balance would leave nothing for the wrap's and the stake's network fees.
    type("stake-amount", "50");
    expect(
      await screen.findByText("Insufficient AURUM balance: keep about 0.01 AURUM for the network fee"),
    ).toBeTruthy();
    expect((screen.getByTestId("stake-submit") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Max AURUM to stake" }));
    expect((screen.getByTestId("stake-amount") as HTMLInputElement).value).toBe("49.99");
    expect(screen.queryByTestId("stake-amount-error")).toBeNull();
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
    fireEvent.click(screen.getByRole("button", { name: "All of your staked WAURUM" }));
    expect((screen.getByTestId("unstake-amount") as HTMLInputElement).value).toBe("3");
  });

  it("unwraps by default and says what arrives before the wallet opens", async () => {
    await renderWithWallet(<UnstakeForm env={env} pool={pool} state={state} account={ACCOUNT} />, {
      connected: true,
    });
    const unwrap = screen.getByRole("checkbox", { name: "Unwrap to AURUM" }) as HTMLInputElement;
    expect(unwrap.checked).toBe(true);
    expect(screen.queryByTestId("unstake-receive")).toBeNull();
    type("unstake-amount", "1.5");
    expect((await screen.findByTestId("unstake-receive")).textContent).toBe("You will receive 1.5 AURUM");
    expect(screen.getByTestId("unstake-submit").textContent).toBe("Unstake and unwrap");
    fireEvent.click(unwrap);
    expect(screen.getByTestId("unstake-receive").textContent).toBe("You will receive 1.5 WAURUM");
    expect(screen.getByTestId("unstake-submit").textContent).toBe("Unstake");
  });

  it("names the input by its label and the All button by what it fills in", async () => {
    await renderWithWallet(<UnstakeForm env={env} pool={pool} state={state} account={ACCOUNT} />, {
      connected: true,
    });
    expect(screen.getByRole("textbox", { name: "Amount to unstake" })).toBe(
      screen.getByTestId("unstake-amount"),
    );
    const all = screen.getByRole("button", { name: "All of your staked WAURUM" });
    // Label in name (WCAG 2.5.3): the accessible name starts with the visible text.
    expect(all.textContent).toBe("All");
  });
});

describe("stake forms after a failed transaction", () => {
  it("StakeForm: editing the amount clears the previous attempt's error (as swap and liquidity do)", async () => {
    await renderWithWallet(<StakeForm env={env} pool={pool} state={state} account={ACCOUNT} />, {
      connected: true,
    });
    type("stake-amount", "1");
    fireEvent.click(screen.getByTestId("stake-submit"));
    // No chain: planning (the allowance read) fails and the form says so.
    expect(await screen.findByTestId("stake-error", {}, { timeout: 5000 })).toBeTruthy();
    type("stake-amount", "2");
    expect(screen.queryByTestId("stake-error")).toBeNull();
  }, 10_000);

  it("UnstakeForm: editing the amount clears the previous attempt's error", async () => {
    await renderWithWallet(<UnstakeForm env={env} pool={pool} state={state} account={ACCOUNT} />, {
      connected: true,
    });
    type("unstake-amount", "1");
    fireEvent.click(screen.getByTestId("unstake-submit"));
    const form = screen.getByTestId("unstake-form");
    const alertOf = () => Array.from(form.querySelectorAll('[role="alert"]')).map((e) => e.textContent);
    await vi.waitFor(() => expect(alertOf().length).toBeGreaterThan(0), { timeout: 5000 });
    type("unstake-amount", "2");
    expect(alertOf()).toEqual([]);
  }, 10_000);

  it("StakeForm: a failed chain read while planning shows a sentence, not viem's raw dump", async () => {
    await renderWithWallet(<StakeForm env={env} pool={pool} state={state} account={ACCOUNT} />, {
      connected: true,
    });
    type("stake-amount", "1");
    fireEvent.click(screen.getByTestId("stake-submit"));
    const text = (await screen.findByTestId("stake-error", {}, { timeout: 5000 })).textContent ?? "";
    // Observed: "An unknown RPC error occurred.\n\nRaw Call Arguments:\n  to: 0x…\n  data: 0xdd62…
    // Contract Call: … Docs: https://viem.sh/… Details: … Version: viem@2…"
    expect(text).not.toMatch(/Raw Call Arguments|Contract Call:|Version: viem|Docs: https/);
    expect(text).not.toContain("\n");
  }, 10_000);
});
