// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT, renderWithWallet } from "../../../test/render";
import { useModalState } from "../context";
import { SwitchNetworkView } from "./SwitchNetwork";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Shows SwitchNetwork while it is the view on top, as the modal does. */
function Host() {
  const top = useModalState((s) => s.history.at(-1)?.view);
  return top === "SwitchNetwork" ? <SwitchNetworkView /> : null;
}

describe("SwitchNetwork opened by 'Wrong network'", () => {
  // The header's "Wrong network" opens SwitchNetwork as the only view. A successful switch closed
  // the modal even without a session, so the sign-in the wallet still needed did not follow.
  it("goes on to the sign-in when there is no session", async () => {
    const h = await renderWithWallet(<Host />, { connected: true });
    act(() => h.store.openAt({ view: "SwitchNetwork", data: { chainId: h.config.chains[0].id } }));
    fireEvent.click(await screen.findByRole("button", { name: /^Switch to / }));
    await waitFor(() => expect(h.store.getState().history.map((e) => e.view)).toEqual(["SIWXSignMessage"]));
    expect(h.store.getState().isOpen).toBe(true);
  });

  it("closes when the wallet's address is signed in", async () => {
    const h = await renderWithWallet(<Host />, { connected: true, sessionAddress: ACCOUNT });
    act(() => h.store.openAt({ view: "SwitchNetwork", data: { chainId: h.config.chains[0].id } }));
    fireEvent.click(await screen.findByRole("button", { name: /^Switch to / }));
    await waitFor(() => expect(h.store.getState().isOpen).toBe(false));
  });

  it("goes back to the view that pushed it when signed in", async () => {
    const h = await renderWithWallet(<Host />, { connected: true, sessionAddress: ACCOUNT });
    act(() => {
      h.store.openAt({ view: "Account" });
      h.store.navigate({
        type: "push",
        entry: { view: "SwitchNetwork", data: { chainId: h.config.chains[0].id } },
      });
    });
    fireEvent.click(await screen.findByRole("button", { name: /^Switch to / }));
    await waitFor(() => expect(h.store.getState().history.map((e) => e.view)).toEqual(["Account"]));
  });
});
