// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
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

  // The seed's SIWX cancel: × / Escape / outside click are off on this view (no session), so Cancel is
  // the only way out. A wallet that never shows the request (popup blocked, phone offline over
  // WalletConnect) must not trap the user: Cancel stays usable while the signature is pending, and
  // a signature that arrives after it signs nobody in.
  it("keeps Cancel usable while the wallet does not answer; a late signature signs nobody in", async () => {
    let answer: (signature: string) => void = () => {};
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), "http://localhost").pathname;
        calls.push(path);
        if (path === "/api/auth/nonce") return Response.json({ nonce: "abcdefgh12345678" });
        if (path === "/api/auth/verify") return Response.json({ address: ACCOUNT });
        // The wallet's personal_sign (wagmi's mock connector sends it to the chain RPC as eth_sign).
        const { id } = JSON.parse(String(init?.body)) as { id: number };
        return new Promise<Response>((resolve) => {
          answer = (result) => resolve(Response.json({ jsonrpc: "2.0", id, result }));
        });
      }),
    );
    const h = await renderWithWallet(<SIWXSignMessageView />, { connected: true });
    h.store.openAt({ view: "SIWXSignMessage" });
    fireEvent.click(await screen.findByRole("button", { name: "Sign" }));
    await screen.findByRole("button", { name: "Authenticating..." });

    const cancel = screen.getByRole("button", { name: "Cancel" }) as HTMLButtonElement;
    expect(cancel.disabled, "Cancel is disabled while the signature is pending: no way out").toBe(false);
    fireEvent.click(cancel);
    await waitFor(() => expect(h.store.getState().isOpen).toBe(false));

    answer(`0x${"ab".repeat(65)}`);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).not.toContain("/api/auth/verify");
    expect(h.setSessionAddress).not.toHaveBeenCalled();
  });

  it("after 20 s without an answer, the doctor's hint names Cancel as the way out", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.stubGlobal(
        "fetch",
        vi.fn(async (input: RequestInfo | URL) => {
          const path = new URL(String(input), "http://localhost").pathname;
          if (path === "/api/auth/nonce") return Response.json({ nonce: "abcdefgh12345678" });
          return new Promise<Response>(() => {});
        }),
      );
      const h = await renderWithWallet(<SIWXSignMessageView />, { connected: true });
      h.store.openAt({ view: "SIWXSignMessage" });
      fireEvent.click(await screen.findByRole("button", { name: "Sign" }));
      await screen.findByRole("button", { name: "Authenticating..." });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(20_000);
      });
      expect((await screen.findByTestId("doctor-stuck")).textContent).toContain("Cancel drops the request");
    } finally {
      vi.useRealTimers();
    }
  });

  it("a Cancel while the server checks the signature ends the session it opens", async () => {
    let verified: () => void = () => {};
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), "http://localhost").pathname;
        calls.push(path);
        if (path === "/api/auth/nonce") return Response.json({ nonce: "abcdefgh12345678" });
        if (path === "/api/auth/logout") return Response.json({ ok: true });
        if (path === "/api/auth/verify")
          return new Promise<Response>((resolve) => {
            verified = () => resolve(Response.json({ address: ACCOUNT }));
          });
        const { id } = JSON.parse(String(init?.body)) as { id: number };
        return Response.json({ jsonrpc: "2.0", id, result: `0x${"ab".repeat(65)}` });
      }),
    );
    const h = await renderWithWallet(<SIWXSignMessageView />, { connected: true });
    h.store.openAt({ view: "SIWXSignMessage" });
    fireEvent.click(await screen.findByRole("button", { name: "Sign" }));
    await waitFor(() => expect(calls).toContain("/api/auth/verify"));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    verified();
    await waitFor(() => expect(calls).toContain("/api/auth/logout"));
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
