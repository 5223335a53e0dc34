import { describe, expect, it, vi } from "vitest";
import { createModalStore } from "./store";

describe("modal store", () => {
  it("opens at a view, navigates, and closes when going back from the last view", () => {
    const s = createModalStore();
    const listener = vi.fn();
    s.subscribe(listener);
    s.openAt({ view: "Connect" });
    expect(s.getState()).toMatchObject({ isOpen: true, requested: true });
    s.navigate({ type: "push", entry: { view: "ConnectingExternal", data: { connectorUid: "x" } } });
    s.navigate({ type: "goBack" });
    expect(s.getState().isOpen).toBe(true);
    s.navigate({ type: "goBack" });
    expect(s.getState().isOpen).toBe(false);
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it("close resets the history to Connect but remembers the chunk was requested", () => {
    const s = createModalStore();
    s.openAt({ view: "Account" });
    s.navigate({ type: "push", entry: { view: "SwitchNetwork" } });
    s.close();
    expect(s.getState()).toMatchObject({ isOpen: false, history: [{ view: "Connect" }], requested: true });
  });

  it("closing (or going back from the first view) clears loading", () => {
    const s = createModalStore();
    s.openAt({ view: "Connect" });
    s.setLoading(true);
    expect(s.getState().loading).toBe(true);
    s.close();
    expect(s.getState().loading).toBe(false);
    s.openAt({ view: "Connect" });
    s.setLoading(true);
    s.navigate({ type: "goBack" });
    expect(s.getState()).toMatchObject({ isOpen: false, loading: false });
  });

  it("counts shake requests", () => {
    const s = createModalStore();
    s.shake();
    s.shake();
    expect(s.getState().shakeCount).toBe(2);
  });
});
