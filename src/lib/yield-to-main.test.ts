import { afterEach, describe, expect, it, vi } from "vitest";
import { yielding, yieldToMain } from "./yield-to-main";

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

  it("yielding(fn) calls fn only in a later task, with the caller's arguments, and passes its result on", async () => {
    vi.useFakeTimers();
    const fn = vi.fn(async (a: number, b: string) => `${a}${b}`);
    const p = yielding(fn)(1, "x");
    await Promise.resolve();
    expect(fn).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    await expect(p).resolves.toBe("1x");
    expect(fn).toHaveBeenCalledWith(1, "x");
  });
});
