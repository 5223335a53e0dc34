// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { injected } from "wagmi";
import { ACCOUNT, apiCalls, renderWithWallet, stubApi } from "../../../test/render";
import { AccountView } from "./Account";
import { ConnectView } from "./Connect";
import { SIWXSignMessageView } from "./SIWXSignMessage";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn(), push: vi.fn() }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ConnectView", () => {
  it("without an announced wallet, says so and links where to get one", async () => {
    await renderWithWallet(<ConnectView />);
    expect(screen.getByText("No wallet found")).toBeTruthy();
    expect(screen.getByText("Install MetaMask").closest("a")?.getAttribute("href")).toBe(
      "https://metamask.io/download/",
    );
  });

  it("lists injected wallets and opens the connecting view for the one picked", async () => {
    const provider = { request: vi.fn(async () => []), on: vi.fn(), removeListener: vi.fn() };
    const wallet = injected({ target: { id: "test", name: "Test Wallet", provider: provider as never } });
    const h = await renderWithWallet(<ConnectView />, { connectors: [wallet] });
    h.store.openAt({ view: "Connect" });
    fireEvent.click(await screen.findByRole("button", { name: /Test Wallet/ }));
    expect(h.store.getState().history.at(-1)?.view).toBe("ConnectingExternal");
  });
});

describe("SIWXSignMessageView", () => {
  it("shows the connected address and the no-cost promise", async () => {
    await renderWithWallet(<SIWXSignMessageView />, { connected: true });
    expect(await screen.findByText("0xf39F…2266")).toBeTruthy();
    expect(screen.getByText(/will not trigger a blockchain transaction/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign" })).toBeTruthy();
  });

  it("shows the server's message when the nonce cannot be had, and signs nothing", async () => {
    const fetchMock = stubApi({
      "/api/auth/nonce": () => ({
        status: 429,
        body: { error: { code: "RATE_LIMITED", message: "Too many sign-in attempts" } },
      }),
    });
    const h = await renderWithWallet(<SIWXSignMessageView />, { connected: true });
    h.store.openAt({ view: "SIWXSignMessage" });
    fireEvent.click(await screen.findByRole("button", { name: "Sign" }));
    expect(await screen.findByText("Too many sign-in attempts")).toBeTruthy();
    expect(apiCalls(fetchMock).map(([p]) => p)).toEqual(["/api/auth/nonce"]);
    expect(h.setSessionAddress).not.toHaveBeenCalled();
  });
});

describe("AccountView", () => {
  it("shows the signed-in address and the layout's account tabs slot", async () => {
    await renderWithWallet(<AccountView />, {
      sessionAddress: ACCOUNT,
      accountTabs: <div data-testid="tabs-slot">tabs</div>,
    });
    expect(screen.getByText("0xf39F…2266")).toBeTruthy();
    expect(screen.getByTestId("tabs-slot")).toBeTruthy();
  });

  it("signs out through the API and clears the session", async () => {
    const fetchMock = stubApi({ "/api/auth/logout": () => ({ body: { ok: true } }) });
    const h = await renderWithWallet(<AccountView />, { sessionAddress: ACCOUNT });
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(h.setSessionAddress).toHaveBeenCalledWith(null));
    const [[path, init]] = apiCalls(fetchMock) as [[string, RequestInit]];
    expect(path).toBe("/api/auth/logout");
    expect(init.method).toBe("POST");
  });
});
