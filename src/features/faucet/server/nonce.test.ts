import { describe, expect, it } from "vitest";
import { NonceManager } from "./nonce";

describe("NonceManager", () => {
  it("refuses to hand out nonces before it is synced", () => {
    expect(() => new NonceManager().take()).toThrow(/before sync/);
  });

  it("hands out consecutive nonces from the node's pending count", () => {
    const n = new NonceManager();
    n.sync(7, null);
    expect(n.take(3)).toEqual([7, 8, 9]);
    expect(n.take()).toEqual([10]);
  });

  it("skips past recorded transactions the node has not seen yet (crash before broadcast)", () => {
    const n = new NonceManager();
    n.sync(5, 9);
    expect(n.take()).toEqual([10]);
    n.sync(12, 9);
    expect(n.take()).toEqual([12]);
  });

  it("forgets its view after invalidate()", () => {
    const n = new NonceManager();
    n.sync(1, null);
    n.invalidate();
    expect(n.synced).toBe(false);
    expect(() => n.take()).toThrow();
  });
});
