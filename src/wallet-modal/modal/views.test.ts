// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LazyView } from "./lazy-view";
import { preloadNextViews, VIEW_REGISTRY } from "./views";

const preloads = (...names: (keyof typeof VIEW_REGISTRY)[]) =>
  names.map((name) =>
    vi.spyOn(VIEW_REGISTRY[name].Component as LazyView, "preload").mockImplementation(() => undefined),
  );

afterEach(() => vi.restoreAllMocks());

describe("preloadNextViews", () => {
  it("fetches Your wallets from Account and OpenWallet from All wallets", () => {
    const [profile, open, all] = preloads("ProfileWallets", "OpenWallet", "AllWallets");
    preloadNextViews("Account", { emailCapture: "off" });
    expect(profile).toHaveBeenCalledOnce();
    preloadNextViews("AllWallets", { emailCapture: "off" });
    expect(open).toHaveBeenCalledOnce();
    // Opening the modal stays light: Connect preloads nothing.
    preloadNextViews("Connect", { emailCapture: "off" });
    expect(all).not.toHaveBeenCalled();
  });

  it("fetches the email step after sign-in only where the operator turned it on", () => {
    const [capture] = preloads("DataCapture");
    preloadNextViews("SIWXSignMessage", { emailCapture: "off" });
    expect(capture).not.toHaveBeenCalled();
    preloadNextViews("SIWXSignMessage", { emailCapture: "optional" });
    preloadNextViews("SIWXSignMessage", { emailCapture: "required" });
    expect(capture).toHaveBeenCalledTimes(2);
  });
});
