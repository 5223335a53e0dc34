// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AddressView } from "../server";
import { AddressPage } from "./AddressPage";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), refresh: vi.fn() }) }));
afterEach(cleanup);

const view = (over: Partial<AddressView>): AddressView => ({
  address: "0x0000000000000000000000000000000000000006",
  label: null,
  name: null,
  isContract: false,
  txCount: 4,
  balances: {
    status: "ok",
    fetchedAt: "2026-01-01T00:00:00.000Z",
    balances: [
      {
        name: "Aurum",
        symbol: "AURUM",
        chainId: "eip155:99199",
        value: 0,
        price: 0,
        quantity: { decimals: "18", numeric: "2000000000000000000" },
        iconUrl: "",
      },
    ],
  },
  activity: { data: [], next: null },
  badCursor: false,
  ...over,
});

const fact = (label: string) => screen.queryByText(label)?.nextElementSibling?.textContent ?? null;

describe("the explorer's address page", () => {
  it("shows an account's type, transactions sent and balances when the chain answered", () => {
    render(<AddressPage view={view({})} cursor={null} locale="en-US" />);
    expect(fact("Type")).toBe("Account");
    expect(fact("Transactions sent")).toBe("4");
    expect(screen.getByText("AURUM")).toBeTruthy();
    expect(screen.queryByTestId("explorer-chain-unavailable")).toBeNull();
  });

  it("shows — and says the chain is unavailable instead of presenting failed reads as facts", () => {
    const unavailable = {
      status: "unavailable" as const,
      fetchedAt: "2026-01-01T00:00:00.000Z",
      // The balance service's placeholder row: not a balance.
      balances: view({}).balances!.balances.map((b) => ({ ...b, quantity: { ...b.quantity, numeric: "0" } })),
    };
    render(
      <AddressPage
        view={view({ isContract: null, txCount: null, balances: unavailable })}
        cursor={null}
        locale="en-US"
      />,
    );
    expect(fact("Type")).toBe("—");
    expect(fact("Transactions sent")).toBe("—");
    expect(screen.getByTestId("explorer-chain-unavailable").textContent).toMatch(/could not be read/);
    expect(screen.getByText(/Balances unavailable/)).toBeTruthy();
    expect(screen.queryByText("AURUM")).toBeNull();
  });

  it("does not call a contract's nonce 'transactions sent'", () => {
    render(<AddressPage view={view({ isContract: true, txCount: 1 })} cursor={null} locale="en-US" />);
    expect(fact("Type")).toBe("Contract");
    expect(screen.queryByText("Transactions sent")).toBeNull();
  });

  it("shows — for the nonce while the type is unknown, even if the nonce was read", () => {
    render(<AddressPage view={view({ isContract: null, txCount: 1 })} cursor={null} locale="en-US" />);
    expect(fact("Transactions sent")).toBe("—");
  });
});
