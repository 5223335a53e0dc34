// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createConnector } from "wagmi";
import { ACCOUNT, renderWithWallet, stubApi } from "../../../test/render";
import { useModalState } from "../context";
import { ConnectingWalletConnectBasicView } from "./views";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // The stub clipboard is an own property of a navigator the next files of this worker share.
  delete (navigator as { clipboard?: unknown }).clipboard;
});

const URI_1 = "wc:aaaa1111@2?relay-protocol=irn&symKey=11";
const URI_2 = "wc:bbbb2222@2?relay-protocol=irn&symKey=22";

type Call = { resolve: (r: { accounts: string[]; chainId: number }) => void; reject: (e: unknown) => void };

/**
 * wagmi's WalletConnect connector as the view sees it: connect() stays pending until the "phone"
 * answers, and the provider's pairing URIs arrive as "message" events the test sends.
 */
function fakeWalletConnect() {
  const calls: Call[] = [];
  let announce: (uri: string) => void = () => {};
  const create = createConnector((config) => {
    announce = (uri) => config.emitter.emit("message", { type: "display_uri", data: uri });
    return {
      id: "walletConnect",
      name: "WalletConnect",
      type: "walletConnect",
      connect: () => new Promise((resolve, reject) => calls.push({ resolve, reject })) as never,
      async disconnect() {},
      async getAccounts() {
        return [ACCOUNT];
      },
      async getChainId() {
        return 99199;
      },
      async getProvider() {
        return {};
      },
      async isAuthorized() {
        return false;
      },
      onAccountsChanged() {},
      onChainChanged() {},
      onDisconnect() {},
    };
  });
  return { create, calls, announce: (uri: string) => act(() => announce(uri)) };
}

function Host() {
  const top = useModalState((s) => s.history.at(-1)?.view);
  return top === "ConnectingWalletConnectBasic" ? <ConnectingWalletConnectBasicView /> : null;
}

async function copiedUri(writeText: ReturnType<typeof vi.fn>) {
  fireEvent.click(await screen.findByRole("button", { name: "Copy link" }));
  await waitFor(() => expect(writeText).toHaveBeenCalled());
  return writeText.mock.lastCall?.[0];
}

describe("WalletConnect 'Get a new code'", () => {
  // The refresh calls connect() again while the previous pairing's connect() is still pending; a
  // URI of the old pairing that arrives then was shown as the new code (a fresh 4-minute countdown
  // on a code that had expired).
  it("shows only the new pairing's URI, and the old request's end changes nothing", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({});
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const wc = fakeWalletConnect();
    const h = await renderWithWallet(<Host />, { connectors: [wc.create] });
    act(() => h.store.openAt({ view: "ConnectingWalletConnectBasic" }));
    await waitFor(() => expect(wc.calls).toHaveLength(1));
    wc.announce(URI_1);
    expect(await copiedUri(writeText)).toBe(URI_1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(4 * 60_000);
    });
    fireEvent.click(await screen.findByRole("button", { name: "Get a new code" }));
    await waitFor(() => expect(wc.calls).toHaveLength(2));

    // The first pairing announces its URI again before the new one arrives: still preparing.
    wc.announce(URI_1);
    expect(screen.getByRole("img", { name: "Preparing the QR code" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Copy link" })).toBeNull();

    wc.announce(URI_2);
    expect(await copiedUri(writeText)).toBe(URI_2);

    // The first connect() ends (its pairing expired): no failure over the new code.
    await act(async () => {
      wc.calls[0]!.reject(new Error("Pairing expired"));
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.queryByText("Failed to connect")).toBeNull();
    expect(screen.getByRole("button", { name: "Copy link" })).toBeTruthy();
  });
});
