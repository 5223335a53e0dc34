import { describe, expect, it } from "vitest";
import { chainIdHex, formatBlockNumber, formatGasPrice, rpcHealth } from "./format";

describe("testnet formatting", () => {
  it("formats block numbers and says unavailable without one", () => {
    expect(formatBlockNumber("0")).toBe("0");
    expect(formatBlockNumber("12345678")).toBe("12,345,678");
    expect(formatBlockNumber(null)).toBe("unavailable");
    expect(formatBlockNumber("-1")).toBe("unavailable");
  });

  it("formats gas prices in gwei", () => {
    expect(formatGasPrice("1000000000")).toBe("1 gwei");
    expect(formatGasPrice("1875000000")).toBe("1.875 gwei");
    expect(formatGasPrice("123456789012")).toBe("123.457 gwei");
    expect(formatGasPrice("0")).toBe("0 gwei");
    expect(formatGasPrice("7")).toBe("7 wei");
    expect(formatGasPrice(null)).toBe("unavailable");
  });

  it("writes the chain id in hex for wallets", () => {
    expect(chainIdHex(99199)).toBe("0x1837f");
    expect(chainIdHex(56)).toBe("0x38");
  });

  it("grades RPC health", () => {
    expect(rpcHealth({ ok: true, latencyMs: 12 })).toBe("healthy");
    expect(rpcHealth({ ok: true, latencyMs: 1500 })).toBe("slow");
    expect(rpcHealth({ ok: false, latencyMs: 3000 })).toBe("down");
  });
});
