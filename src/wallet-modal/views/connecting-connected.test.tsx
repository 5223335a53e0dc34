// @vitest-environment happy-dom
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { injected } from "wagmi";
import { ACCOUNT, renderWithWallet } from "../../../test/render";
import { useModalState } from "../context";
import { ConnectingExternalView } from "./ConnectingExternal";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Shows ConnectingExternal when it is the view on top, as the modal does. */
function Host() {
  const top = useModalState((s) => s.history.at(-1));
  return top?.view === "ConnectingExternal" ? <ConnectingExternalView /> : null;
}

describe("ConnectingExternal for the wallet already connected", () => {
  // Your wallets → "Add another wallet" → Connect lists the wallet in use like any other; picking it
  // made wagmi throw ConnectorAlreadyConnectedError, shown as "Failed to connect · The wallet did not
  // connect. Unlock it and try again." — and "Try again" failed the same way every time.
  it("does not report a failure for the wallet that is connected", async () => {
    const provider = {
      request: vi.fn(async ({ method }: { method: string }) => {
        if (method === "eth_requestAccounts" || method === "eth_accounts") return [ACCOUNT];
        if (method === "eth_chainId") return "0x1837f";
        return null;
      }),
      on: vi.fn(),
      removeListener: vi.fn(),
    };
    const wallet = injected({ target: { id: "test", name: "Test Wallet", provider: provider as never } });
    const h = await renderWithWallet(<Host />, {
      connected: true,
      sessionAddress: ACCOUNT,
      connectors: [wallet],
    });
    const uid = h.config.connectors[0]!.uid;
    // What the harness's own connecting asked is not this view's doing.
    provider.request.mockClear();
    act(() => {
      h.store.openAt({ view: "Account" });
      h.store.navigate({ type: "push", entry: { view: "ProfileWallets" } });
      h.store.navigate({ type: "push", entry: { view: "Connect" } });
      h.store.navigate({ type: "push", entry: { view: "ConnectingExternal", data: { connectorUid: uid } } });
    });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 300));
    });
    expect(
      screen.queryByText("Failed to connect"),
      `the connected wallet is reported as failed: ${document.body.textContent}`,
    ).toBeNull();
    // Landed as connected, with its session: Account, on a fresh history.
    expect(h.store.getState().history.map((e) => e.view)).toEqual(["Account"]);
    // Nothing asked of the wallet: it is connected already.
    expect(provider.request.mock.calls.map(([a]) => a.method)).not.toContain("eth_requestAccounts");
  });
});
