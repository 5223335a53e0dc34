import { describe, expect, it } from "vitest";
import { canGoBack, currentView, historyReducer, INITIAL_HISTORY } from "./history";

describe("historyReducer", () => {
  it("push adds a view on top and goBack returns to the previous one", () => {
    let h = historyReducer(INITIAL_HISTORY, { type: "push", entry: { view: "ConnectingExternal" } });
    expect(currentView(h).view).toBe("ConnectingExternal");
    expect(canGoBack(h)).toBe(true);
    h = historyReducer(h, { type: "goBack" });
    expect(h).toEqual([{ view: "Connect" }]);
    expect(canGoBack(h)).toBe(false);
  });

  it("goBack on the last view leaves nothing (the modal closes)", () => {
    expect(historyReducer(INITIAL_HISTORY, { type: "goBack" })).toEqual([]);
  });

  it("replace swaps the top view without growing the history", () => {
    const h1 = historyReducer(INITIAL_HISTORY, { type: "push", entry: { view: "ConnectingExternal" } });
    const h2 = historyReducer(h1, { type: "replace", entry: { view: "SIWXSignMessage" } });
    expect(h2.map((e) => e.view)).toEqual(["Connect", "SIWXSignMessage"]);
    expect(historyReducer([], { type: "replace", entry: { view: "Account" } })).toEqual([
      { view: "Account" },
    ]);
  });

  it("pushing the view already on top updates its data instead of stacking a duplicate", () => {
    const h = historyReducer([{ view: "Account" }, { view: "SwitchNetwork", data: { chainId: 1 } }], {
      type: "push",
      entry: { view: "SwitchNetwork", data: { chainId: 56 } },
    });
    expect(h).toEqual([{ view: "Account" }, { view: "SwitchNetwork", data: { chainId: 56 } }]);
  });

  it("reset goes back to Connect (closing) or to a given view (opening)", () => {
    const deep = [{ view: "Connect" }, { view: "ConnectingExternal" }, { view: "SIWXSignMessage" }] as const;
    expect(historyReducer(deep, { type: "reset" })).toEqual([{ view: "Connect" }]);
    expect(historyReducer(deep, { type: "reset", entry: { view: "Account" } })).toEqual([
      { view: "Account" },
    ]);
  });

  it("never mutates its input", () => {
    const h = [{ view: "Connect" as const }];
    historyReducer(h, { type: "push", entry: { view: "Account" } });
    expect(h).toEqual([{ view: "Connect" }]);
  });
});
