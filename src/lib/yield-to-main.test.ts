import { afterEach, describe, expect, it, vi } from "vitest";
import { yieldToMain } from "./yield-to-main";

describe("yieldToMain", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("resolves only after the current task (a timer), not in the same microtask queue", async () => {
    vi.useFakeTimers();
    let done = false;
    const p = yieldToMain().then(() => {
      done = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.runAllTimersAsync();
    await p;
    expect(done).toBe(true);
  });

  it("uses scheduler.yield where the browser has it", async () => {
    const y = vi.fn(() => Promise.resolve());
    vi.stubGlobal("scheduler", { yield: y });
    await yieldToMain();
    expect(y).toHaveBeenCalledOnce();
  });
});
