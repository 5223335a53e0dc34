// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { injected } from "wagmi";
import { ACCOUNT, renderWithWallet } from "../../../test/render";
import { useModalState } from "../context";
import { ConnectingExternalView } from "./ConnectingExternal";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Shows ConnectingExternal when it is the view on top, as the modal does. */
function Host() {
  const top = useModalState((s) => s.history.at(-1));
  return top?.view === "ConnectingExternal" ? <ConnectingExternalView /> : null;
}

type Request = { resolve: (accounts: string[]) => void; reject: (err: unknown) => void };

/** A wallet that keeps every connection request open until the test answers it. */
async function connecting() {
  const requests: Request[] = [];
  const provider = {
    request: vi.fn(async ({ method }: { method: string }) => {
      if (method === "eth_requestAccounts")
        return new Promise((resolve, reject) => requests.push({ resolve, reject }));
      if (method === "eth_accounts") return [ACCOUNT];
      if (method === "eth_chainId") return "0x1837f";
      throw Object.assign(new Error("Method not supported"), { code: 4200 });
    }),
    on: vi.fn(),
    removeListener: vi.fn(),
  };
  const wallet = injected({ target: { id: "test", name: "Test Wallet", provider: provider as never } });
  const h = await renderWithWallet(<Host />, { connectors: [wallet] });
  const uid = h.config.connectors[0]!.uid;
  act(() => {
    h.store.openAt({ view: "Connect" });
    h.store.navigate({ type: "push", entry: { view: "ConnectingExternal", data: { connectorUid: uid } } });
  });
  await waitFor(() => expect(requests).toHaveLength(1));
  return { h, requests };
}

/** Connecting, 20 s without an answer, then "Ask again": two requests open in the wallet. */
async function askedTwice() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const started = await connecting();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(20_000);
  });
  fireEvent.click(await screen.findByRole("button", { name: "Ask again" }));
  await waitFor(() => expect(started.requests).toHaveLength(2));
  return started;
}

const rejection = () => Object.assign(new Error("User rejected the request."), { code: 4001 });

describe("ConnectingExternal after 'Ask again'", () => {
  // The doctor's "Ask again" sends a second request; a wallet that then ends the first one (or a
  // user who dismisses the older prompt) rejected it late, and the view said "Connection rejected"
  // while the second request was still open in the wallet.
  it("ignores a late rejection of the first request while the second is open", async () => {
    const { h, requests } = await askedTwice();

    await act(async () => {
      requests[0]!.reject(rejection());
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.queryByText("Connection rejected")).toBeNull();
    expect(screen.getByText("Continue in Test Wallet")).toBeTruthy();
    expect(h.store.getState().loading).toBe(true);

    await act(async () => {
      requests[1]!.resolve([ACCOUNT]);
      await vi.advanceTimersByTimeAsync(100);
    });
    // Connected without a session: on to the sign-in.
    await waitFor(() => expect(h.store.getState().history.at(-1)?.view).toBe("SIWXSignMessage"));
    expect(h.store.getState().loading).toBe(false);
  });

  it("connects with the first request when that one is approved", async () => {
    const { h, requests } = await askedTwice();
    await act(async () => {
      requests[0]!.resolve([ACCOUNT]);
      await vi.advanceTimersByTimeAsync(100);
    });
    await waitFor(() => expect(h.store.getState().history.at(-1)?.view).toBe("SIWXSignMessage"));
  });

  it("still reports the newest request's rejection", async () => {
    const { requests } = await connecting();
    await act(async () => {
      requests[0]!.reject(rejection());
    });
    expect(await screen.findByText("Connection rejected")).toBeTruthy();
  });
});

describe("ConnectingExternal's live region", () => {
  // A live region inserted together with its text may not be announced: it must be in the page
  // first and keep its place while its text changes (connecting → rejected → connecting again).
  it("stays mounted and changes its text", async () => {
    const { requests } = await connecting();
    const region = screen.getByTestId("connecting-status");
    expect(region.getAttribute("aria-live")).toBe("polite");
    expect(region.textContent).toContain("Continue in Test Wallet");

    await act(async () => {
      requests[0]!.reject(rejection());
    });
    await screen.findByText("Connection rejected");
    expect(screen.getByTestId("connecting-status")).toBe(region);
    expect(region.textContent).toBe("");

    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(region.textContent).toContain("Continue in Test Wallet"));
    expect(screen.getByTestId("connecting-status")).toBe(region);
  });
});
