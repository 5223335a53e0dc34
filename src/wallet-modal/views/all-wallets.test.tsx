// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type CreateConnectorFn, createConnector, injected } from "wagmi";
import { renderWithWallet, stubApi } from "../../../test/render";
import { listWallets } from "../registry/list";
import { AllWalletsView } from "./AllWallets";
import { ConnectView } from "./Connect";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const PRELOAD = { timeout: 3000 };

/** The WalletConnect plug-in's connector, as the views see it (they only look for its id). */
const walletConnect = (): CreateConnectorFn =>
  createConnector(() => ({ id: "walletConnect", name: "WalletConnect", type: "walletConnect" }) as never);

const installed = () => {
  const provider = { request: vi.fn(async () => []), on: vi.fn(), removeListener: vi.fn() };
  return injected({ target: { id: "test", name: "Test Wallet", provider: provider as never } });
};

const registry = (search: string) => listWallets({ page: 1, entries: 100, search }).data;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("AllWallets when the list does not load", () => {
  it("says so (the seed's APKT003) and offers Try again, which loads it", async () => {
    let fail = true;
    const data = registry("rainbow");
    stubApi({
      "/api/wallets": () =>
        fail
          ? { status: 503, body: { error: { code: "UNAVAILABLE", message: "down" } } }
          : { body: { count: data.length, data } },
    });
    await renderWithWallet(<AllWalletsView />);
    expect(await screen.findByText("Network Error: Wallet Load Failed")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: /Rainbow/ }, PRELOAD)).toBeTruthy();
    expect(screen.queryByText("Network Error: Wallet Load Failed")).toBeNull();
  });
});

describe("AllWallets on a phone with the WalletConnect plug-in", () => {
  it("pairs a wallet that publishes a WalletConnect link; others open their in-app browser or view", async () => {
    vi.stubGlobal("navigator", { ...navigator, userAgent: IPHONE });
    const data = [...registry("okx"), ...registry("phantom")];
    stubApi({ "/api/wallets": () => ({ body: { count: data.length, data } }) });
    const h = await renderWithWallet(<AllWalletsView />, { connectors: [walletConnect()] });
    h.store.openAt({ view: "AllWallets" });

    fireEvent.click(await screen.findByRole("button", { name: /OKX Wallet/ }, PRELOAD));
    expect(h.store.getState().history.at(-1)).toMatchObject({
      view: "ConnectingWalletConnect",
      data: { wallet: { id: "okx" } },
    });

    // Phantom has no WalletConnect link: the row is its in-app browser link, as without the plug-in.
    const phantom = screen.getByRole("link", { name: /Phantom/ });
    expect(phantom.getAttribute("href")).toMatch(/^https:\/\/phantom\.app\/ul\/browse\//);
    fireEvent.click(phantom);
    expect(h.store.getState().history.at(-1)).toMatchObject({
      view: "OpenWallet",
      data: { wallet: { id: "phantom" } },
    });
  });
});

describe("Connect's WalletConnect row", () => {
  it("is the QR code on a computer", async () => {
    const h = await renderWithWallet(<ConnectView />, { connectors: [installed(), walletConnect()] });
    h.store.openAt({ view: "Connect" });
    fireEvent.click(await screen.findByRole("button", { name: /WalletConnect/ }));
    expect(h.store.getState().history.at(-1)?.view).toBe("ConnectingWalletConnectBasic");
  });

  // The seed: with WalletConnect a phone shows AllWallets, a computer the basic (QR) view. A QR code
  // cannot be scanned by the phone showing it.
  it("leads a phone to the wallet list, whose wallets open their app", async () => {
    vi.stubGlobal("navigator", { ...navigator, userAgent: IPHONE });
    const h = await renderWithWallet(<ConnectView />, { connectors: [installed(), walletConnect()] });
    h.store.openAt({ view: "Connect" });
    const row = await screen.findByRole("button", { name: /WalletConnect/ });
    expect(row.textContent).not.toContain("QR code");
    fireEvent.click(row);
    await waitFor(() => expect(h.store.getState().history.at(-1)?.view).toBe("AllWallets"));
  });
});

describe("AllWallets' Recommended section", () => {
  // Recommended shows the seed's 4; a 5th featured entry (a registry that features more) was cut
  // from Recommended and, being "featured", left out of All wallets as well: listed nowhere.
  it("keeps a 5th featured wallet in the list below", async () => {
    const data = listWallets({ page: 1, entries: 40 }).data.map((w, i) => ({
      ...w,
      featured: i < 5 ? i + 1 : null,
    }));
    const fifth = data[4]!;
    stubApi({ "/api/wallets": () => ({ body: { count: data.length, data } }) });
    await renderWithWallet(<AllWalletsView />);
    const recommended = await screen.findByRole("region", { name: "Recommended" }, PRELOAD);
    expect(recommended.querySelectorAll("[data-wallet-id]")).toHaveLength(4);
    const all = screen.getByRole("region", { name: "All wallets" });
    expect(
      all.querySelector(`[data-wallet-id="${fifth.id}"]`),
      `${fifth.name} is listed nowhere`,
    ).not.toBeNull();
  });
});
