import { describe, expect, it } from "vitest";
import { capturePendingFor, clearCapturePending, markCapturePending } from "./capture";

function memory() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe("pending DataCapture step", () => {
  it("is pending only for the address that signed in, until cleared", () => {
    const s = memory();
    expect(capturePendingFor("0xAbC", s)).toBe(false);
    markCapturePending("0xAbC", s);
    expect(capturePendingFor("0xabc", s)).toBe(true);
    expect(capturePendingFor("0xdef", s)).toBe(false);
    clearCapturePending(s);
    expect(capturePendingFor("0xabc", s)).toBe(false);
  });

  it("never throws when storage is blocked or missing", () => {
    const blocked = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
      removeItem: () => {
        throw new Error("blocked");
      },
    };
    expect(() => markCapturePending("0xabc", blocked)).not.toThrow();
    expect(capturePendingFor("0xabc", blocked)).toBe(false);
    expect(() => clearCapturePending(blocked)).not.toThrow();
    expect(capturePendingFor("0xabc", undefined)).toBe(false);
  });
});
