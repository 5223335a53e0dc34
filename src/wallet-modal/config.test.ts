import { describe, expect, it, vi } from "vitest";
import { SETTINGS } from "../../test/wallet-settings";
import { createQueryClient, createWagmiConfig, QUERY_DEFAULTS, TOAST_OPTIONS } from "./config";

describe("query defaults (seed §9)", () => {
  it("retries with 1000 ms doubling, capped at 30000 ms", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(QUERY_DEFAULTS.retryDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it("are installed on the query client", () => {
    const q = createQueryClient().getDefaultOptions().queries!;
    expect(q.staleTime).toBe(5_000);
    expect(q.retry).toBe(3);
    expect(q.gcTime).toBe(300_000);
  });

  it("a server render's client keeps no gc timers (gcTime Infinity), so renders are not retained", () => {
    const q = createQueryClient({ server: true }).getDefaultOptions().queries!;
    expect(q.gcTime).toBe(Number.POSITIVE_INFINITY);
    expect(q.staleTime).toBe(5_000);
  });

  it("toasts: 5 at most, newest on top, top-center, 5 s, drag 60 %", () => {
    expect(TOAST_OPTIONS).toMatchObject({
      limit: 5,
      newestOnTop: true,
      position: "top-center",
      autoClose: 5000,
      draggablePercent: 60,
    });
  });
});

describe("createWagmiConfig", () => {
  it("has the testnet first and BNB Smart Chain as fallback", () => {
    const config = createWagmiConfig(SETTINGS);
    expect(config.chains.map((c) => c.id)).toEqual([99199, 56]);
    expect(config.chains[0]!.name).toBe("Aurum Testnet");
  });

  // The seed hides the Browser Wallet on a computer (EIP-6963 wallets only there) and shows it on a
  // phone when window.ethereum is there (views/browser-wallet.test.tsx).
  it("has the Browser Wallet (injected) connector on a phone only", () => {
    expect(createWagmiConfig(SETTINGS).connectors).toEqual([]);
    vi.stubGlobal("navigator", { userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile" });
    try {
      const [browserWallet, ...others] = createWagmiConfig(SETTINGS).connectors;
      expect(others).toEqual([]);
      expect(browserWallet).toMatchObject({ id: "injected", name: "Browser Wallet", type: "injected" });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
