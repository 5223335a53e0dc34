import { describe, expect, it } from "vitest";
import { AdaptiveRange, backoffDelay, isRangeError } from "./range";

describe("AdaptiveRange", () => {
  it("halves on refusal down to the minimum, then reports it cannot shrink", () => {
    const r = new AdaptiveRange(100);
    expect(r.size).toBe(100);
    expect(r.shrink()).toBe(true);
    expect(r.size).toBe(50);
    for (let i = 0; i < 10; i++) r.shrink();
    expect(r.size).toBe(1);
    expect(r.shrink()).toBe(false);
  });

  it("grows back after a run of successes, never above the maximum", () => {
    const r = new AdaptiveRange(64, 1, 3);
    r.shrink();
    r.shrink();
    expect(r.size).toBe(16);
    r.succeeded();
    r.succeeded();
    expect(r.size).toBe(16);
    r.succeeded();
    expect(r.size).toBe(32);
    for (let i = 0; i < 30; i++) r.succeeded();
    expect(r.size).toBe(64);
  });

  it("a refusal resets the success streak", () => {
    const r = new AdaptiveRange(64, 1, 2);
    r.shrink(); // 32
    r.succeeded();
    r.shrink(); // 16, streak reset
    r.succeeded();
    expect(r.size).toBe(16);
    r.succeeded();
    expect(r.size).toBe(32);
  });
});

describe("isRangeError", () => {
  it.each([
    "query exceeds max block range 2000",
    "Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range",
    "query returned more than 10000 results",
    "The request took too long to respond. timeout",
    "limit exceeded",
    "block range too large",
  ])("treats %j as a range problem", (message) => {
    expect(isRangeError(new Error(message))).toBe(true);
  });

  it("treats connection failures as outages, not range problems", () => {
    expect(
      isRangeError(new Error("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:8545") })),
    ).toBe(false);
    expect(isRangeError(new Error("HTTP request failed. Details: fetch failed"))).toBe(false);
    expect(isRangeError(new Error("execution reverted"))).toBe(false);
  });

  it("looks into error causes and JSON-RPC codes", () => {
    const inner = Object.assign(new Error("RPC error"), { code: -32005 });
    expect(isRangeError(new Error("failed", { cause: inner }))).toBe(true);
  });
});

describe("backoffDelay", () => {
  it("doubles per attempt with jitter and is capped", () => {
    const lo = (a: number) => backoffDelay(a, { random: () => 0 });
    const hi = (a: number) => backoffDelay(a, { random: () => 1 });
    expect([lo(0), hi(0)]).toEqual([250, 500]);
    expect([lo(1), hi(1)]).toEqual([500, 1000]);
    expect(hi(20)).toBe(30_000);
    expect(lo(20)).toBe(15_000);
  });
});
