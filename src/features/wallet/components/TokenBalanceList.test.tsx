// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT, renderWithWallet } from "../../../../test/render";
import { TokenBalanceList } from "./TokenBalanceList";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The balances request never answers: the list stays in its loading state. */
const pendingForever = () =>
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise<Response>(() => {})),
  );

describe("TokenBalanceList while loading", () => {
  it("shows one placeholder row per listed token and the total line (the loaded list's height)", async () => {
    pendingForever();
    const { container } = await renderWithWallet(<TokenBalanceList address={ACCOUNT} rows={6} />);
    const busy = container.querySelector('[aria-busy="true"]') as HTMLElement;
    expect(busy).not.toBeNull();
    expect(within(busy).getAllByRole("listitem")).toHaveLength(6);
    expect(within(busy).getByText("Total value")).toBeTruthy();
    expect(screen.getByRole("status", { name: "Loading balances" })).toBeTruthy();
  });

  it("in the modal's compact list: the rows without the name line and no total line", async () => {
    pendingForever();
    const { container } = await renderWithWallet(<TokenBalanceList address={ACCOUNT} compact />);
    const busy = container.querySelector('[aria-busy="true"]') as HTMLElement;
    const rows = within(busy).getAllByRole("listitem");
    expect(rows).toHaveLength(4);
    // Loaded compact rows have the symbol line only on the left; the placeholder matches.
    expect(rows[0]?.querySelector(".min-w-0")?.children).toHaveLength(1);
    expect(within(busy).queryByText("Total value")).toBeNull();
  });
});
