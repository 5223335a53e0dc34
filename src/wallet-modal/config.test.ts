import { describe, expect, it } from "vitest";
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
    expect(config.connectors).toEqual([]);
  });
});
