// @vitest-environment happy-dom
// The operator's WALLET_EXCLUDE (the seed: "excluded wallets matched by rdns or case-insensitive
// name") hides a wallet everywhere in the modal: the server filters the registry, and the views drop
// an installed (EIP-6963) wallet of that rdns or name, which never comes from the registry.
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { injected } from "wagmi";
import { renderWithWallet, stubApi } from "../../../test/render";
import { listWallets } from "../registry/list";
import { AllWalletsView } from "./AllWallets";
import { ConnectView } from "./Connect";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const installed = () => {
  const provider = { request: vi.fn(async () => []), on: vi.fn(), removeListener: vi.fn() };
  return injected({ target: { id: "test", name: "Test Wallet", provider: provider as never } });
};
const EXCLUDED = { walletExclude: ["test WALLET"] };
const PRELOAD = { timeout: 3000 };

describe("an installed wallet the operator excluded", () => {
  it("is not offered in Connect (matched by case-insensitive name): no wallet found", async () => {
    await renderWithWallet(<ConnectView />, { connectors: [installed()] });
    expect(await screen.findByRole("button", { name: /Test Wallet/ })).toBeTruthy();
    cleanup();

    await renderWithWallet(<ConnectView />, { connectors: [installed()], settings: EXCLUDED });
    expect(await screen.findByText("No wallet found")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Test Wallet/ })).toBeNull();
  });

  it("is not listed in AllWallets, where the registry's wallets still are", async () => {
    const registry = listWallets({ page: 1, entries: 1, search: "rainbow" }).data;
    stubApi({ "/api/wallets": () => ({ body: { count: registry.length, data: registry } }) });
    await renderWithWallet(<AllWalletsView />, { connectors: [installed()] });
    // The list waits for its first icons (at most the seed's 2 s preload cap).
    expect(await screen.findByRole("button", { name: /Test Wallet/ }, PRELOAD)).toBeTruthy();
    cleanup();

    await renderWithWallet(<AllWalletsView />, { connectors: [installed()], settings: EXCLUDED });
    expect(await screen.findByRole("button", { name: /Rainbow/ }, PRELOAD)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Test Wallet/ })).toBeNull();
  });
});
