// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ExplorerHome } from "../server";
import { ExplorerHomePage } from "./ExplorerHomePage";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), refresh: vi.fn() }) }));
afterEach(cleanup);

const show = (home: ExplorerHome) =>
  render(<ExplorerHomePage home={home} networkName="Aurum Testnet" locale="en-US" />);

// Review: with the RPC down the page was a 500; it now says the testnet cannot be reached.
describe("the explorer's home page", () => {
  it("lists the latest blocks when the chain answered", () => {
    show({
      reachable: true,
      latest: 7,
      indexedTo: 6,
      blocks: [{ number: 7, hash: `0x${"ab".repeat(32)}`, time: "2026-01-01T00:00:00.000Z", txCount: 2 }],
    });
    expect(screen.getByText("2 tx")).toBeTruthy();
    expect(screen.queryByTestId("explorer-chain-unavailable")).toBeNull();
  });

  it("says the testnet cannot be reached, and still shows how far the index goes", () => {
    show({ reachable: false, latest: null, indexedTo: 1234, blocks: [] });
    const note = screen.getByTestId("explorer-chain-unavailable");
    expect(note.textContent).toMatch(/^The testnet cannot be reached right now/);
    expect(note.getAttribute("role")).toBe("status");
    expect(screen.getByText(/Indexed to 1,234/)).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });
});
