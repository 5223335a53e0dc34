// @vitest-environment happy-dom
// The seed's Browser Wallet (connector type INJECTED): a wallet that only sets `window.ethereum` (the
// in-app browser of several phone wallets) is offered on a phone, once, and never on a computer
// (§5: "A Browser Wallet entry is hidden on desktop; on mobile hidden unless it has an rdns or is
// installed"). Before, only EIP-6963 wallets were connectors: such a phone saw no wallet and was sent
// to All wallets, whose rows open the in-app browser it was already in.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WagmiProvider } from "wagmi";
import { testnetChain } from "@/chain/networks";
import { stubApi } from "../../../test/render";
import { SETTINGS } from "../../../test/wallet-settings";
import { createWagmiConfig } from "../config";
import { WalletContext, type WalletContextValue } from "../context";
import { listWallets } from "../registry/list";
import { createModalStore } from "../state/store";
import type { ViewName } from "../state/views";
import { AllWalletsView } from "./AllWallets";
import { ConnectView } from "./Connect";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";

const provider = () => ({
  request: vi.fn(async ({ method }: { method: string }) => (method === "eth_chainId" ? "0x1837f" : [])),
  on: vi.fn(),
  removeListener: vi.fn(),
});

/** A wallet that answers EIP-6963 requests with `p`, as an extension or a wallet's in-app browser does. */
function announce(p: object, info: { name: string; rdns: string }) {
  const detail = Object.freeze({ info: { uuid: crypto.randomUUID(), icon: "data:,", ...info }, provider: p });
  const answer = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  window.addEventListener("eip6963:requestProvider", answer);
  return () => window.removeEventListener("eip6963:requestProvider", answer);
}

function renderView(view: ViewName, ui: React.ReactNode) {
  const config = createWagmiConfig(SETTINGS);
  const store = createModalStore();
  store.openAt({ view });
  const value = {
    settings: SETTINGS,
    testnet: testnetChain(SETTINGS),
    store,
    sessionAddress: null,
    sessionPending: false,
    setSessionAddress: () => {},
    profileName: null,
    setProfileName: () => {},
    snapshot: () => ({ walletConnected: false, chainSupported: true, hasSession: false }),
    open: () => {},
    close: () => store.close(),
    connection: {},
    reportConnection: () => {},
    requestRuntime: () => {},
  } satisfies WalletContextValue;
  render(
    <WagmiProvider config={config} reconnectOnMount={false}>
      <QueryClientProvider client={new QueryClient()}>
        <WalletContext.Provider value={value}>{ui}</WalletContext.Provider>
      </QueryClientProvider>
    </WagmiProvider>,
  );
  return { config, store };
}

const stopAnnouncing: (() => void)[] = [];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const stop of stopAnnouncing.splice(0)) stop();
  delete (window as { ethereum?: unknown }).ethereum;
});

describe("Browser Wallet (window.ethereum without EIP-6963)", () => {
  it("is offered on a phone instead of sending it to AllWallets", async () => {
    vi.stubGlobal("navigator", { ...navigator, userAgent: IPHONE });
    (window as { ethereum?: unknown }).ethereum = provider();
    const { config, store } = renderView("Connect", <ConnectView />);
    expect(config.connectors.map((c) => c.name)).toEqual(["Browser Wallet"]);
    await new Promise((r) => setTimeout(r, 50));
    await waitFor(() =>
      expect(store.getState().history.at(-1)?.view, "the phone was sent to AllWallets").toBe("Connect"),
    );
    const list = screen.getByRole("list", { name: "Wallets" });
    expect(list.textContent).toContain("Browser Wallet");
  });

  it("is not offered twice when window.ethereum is an announced wallet", async () => {
    vi.stubGlobal("navigator", { ...navigator, userAgent: IPHONE });
    const eth = provider();
    (window as { ethereum?: unknown }).ethereum = eth;
    stopAnnouncing.push(announce(eth, { name: "Phone Wallet", rdns: "dev.aurum.phone" }));
    renderView("Connect", <ConnectView />);
    expect(await screen.findByRole("button", { name: /Phone Wallet/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Browser Wallet/ })).toBeNull();
  });

  it("is offered next to an announced wallet that is another provider", async () => {
    vi.stubGlobal("navigator", { ...navigator, userAgent: IPHONE });
    (window as { ethereum?: unknown }).ethereum = provider();
    stopAnnouncing.push(announce(provider(), { name: "Other Wallet", rdns: "dev.aurum.other" }));
    renderView("Connect", <ConnectView />);
    expect(await screen.findByRole("button", { name: /Other Wallet/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Browser Wallet/ })).toBeTruthy();
  });

  it("is not on a phone without window.ethereum: the phone goes to AllWallets", async () => {
    vi.stubGlobal("navigator", { ...navigator, userAgent: IPHONE });
    const { store } = renderView("Connect", <ConnectView />);
    await waitFor(() => expect(store.getState().history.at(-1)?.view).toBe("AllWallets"));
  });

  it("is hidden on a computer: no connector, nothing listed", async () => {
    (window as { ethereum?: unknown }).ethereum = provider();
    const { config } = renderView("Connect", <ConnectView />);
    expect(config.connectors).toEqual([]);
    expect(await screen.findByText("No wallet found")).toBeTruthy();
  });

  it("is listed in AllWallets on a phone as installed", async () => {
    vi.stubGlobal("navigator", { ...navigator, userAgent: IPHONE });
    (window as { ethereum?: unknown }).ethereum = provider();
    const registry = listWallets({ page: 1, entries: 100 }).data;
    stubApi({ "/api/wallets": () => ({ body: { count: registry.length, data: registry } }) });
    renderView("AllWallets", <AllWalletsView />);
    const row = await screen.findByRole("button", { name: /Browser Wallet/ }, { timeout: 3000 });
    expect(row.textContent).toContain("Installed");
  });
});
