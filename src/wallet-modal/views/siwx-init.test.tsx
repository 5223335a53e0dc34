// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useConnection } from "wagmi";
import { track } from "@/lib/analytics";
import { renderWithWallet, stubApi } from "../../../test/render";
import { useModalState } from "../context";
import { ConnectView } from "./Connect";
import { SIWXSignMessageView } from "./SIWXSignMessage";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn(), push: vi.fn() }) }));
vi.mock("@/lib/analytics", () => ({ track: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const nonceDown = () =>
  stubApi({
    "/api/auth/nonce": () => ({
      status: 503,
      body: { error: { code: "UNAVAILABLE", message: "Service unavailable" } },
    }),
  });

/** The view on top, as the modal shows it, and the wallet's status. */
function Host() {
  const top = useModalState((s) => s.history.at(-1)?.view);
  const { status } = useConnection();
  return (
    <>
      <p data-testid="wallet-status">{status}</p>
      {top === "SIWXSignMessage" ? <SIWXSignMessageView /> : top === "Connect" ? <ConnectView /> : null}
    </>
  );
}

describe("SIWXSignMessageView init failure", () => {
  // Catalogue §8: 'A problem occurred while trying initialize authentication' (the SIWX init
  // failure: no nonce, so no message to sign). The view said "Error signing message" although the
  // wallet was never asked to sign anything.
  it("names a nonce failure as an authentication start-up problem, not a signing error", async () => {
    nonceDown();
    const h = await renderWithWallet(<SIWXSignMessageView />, { connected: true });
    h.store.openAt({ view: "SIWXSignMessage" });
    fireEvent.click(await screen.findByRole("button", { name: "Sign" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("A problem occurred while trying initialize authentication");
    expect(alert.textContent).not.toContain("Error signing message");
  });

  // Catalogue §4: "On init failure: send an error event, disconnect, reset to Connect, show the error."
  it("disconnects, resets to Connect and shows the error there", async () => {
    nonceDown();
    const h = await renderWithWallet(<Host />, { connected: true });
    h.store.openAt({ view: "Connect" });
    h.store.navigate({ type: "push", entry: { view: "SIWXSignMessage" } });
    fireEvent.click(await screen.findByRole("button", { name: "Sign" }));

    await waitFor(() => expect(h.store.getState().history.map((e) => e.view)).toEqual(["Connect"]));
    expect(screen.getByTestId("wallet-status").textContent).toBe("disconnected");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("A problem occurred while trying initialize authentication");
    expect(alert.textContent).toContain("Service unavailable");
    expect(h.store.getState().isOpen).toBe(true);
    expect(track).toHaveBeenCalledWith("SIWX_AUTH_ERROR", { stage: "init" });
  });
});
