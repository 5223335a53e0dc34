// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { SETTINGS } from "../../test/wallet-settings";
import { createWagmiConfig } from "./config";

describe("the wagmi config and localStorage", () => {
  const own = Object.getOwnPropertyDescriptor(window, "localStorage");
  afterEach(() => {
    if (own) Object.defineProperty(window, "localStorage", own);
  });

  it("is built without opening localStorage, and leaves it working", () => {
    expect(own?.configurable).toBe(true);
    let opened = 0;
    Object.defineProperty(window, "localStorage", {
      configurable: true,
      enumerable: true,
      get() {
        opened++;
        return own?.get?.call(window) ?? own?.value;
      },
    });
    createWagmiConfig(SETTINGS);
    expect(opened).toBe(0);
    window.localStorage.setItem("probe", "1");
    expect(window.localStorage.getItem("probe")).toBe("1");
    expect(opened).toBe(2);
  });

  it("still keeps the connection state in its cookie", async () => {
    const config = createWagmiConfig(SETTINGS);
    config.setState((state) => ({ ...state, chainId: SETTINGS.chainId }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.cookie).toContain("aurum.wallet.store=");
  });
});
