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

  it("yielding(fn) calls fn only in a later task, with the query's context, and passes its result on", async () => {
    vi.useFakeTimers();
    const fn = vi.fn(async (c: { signal: AbortSignal; id: string }) => `${c.id}!`);
    const context = { signal: new AbortController().signal, id: "x" };
    const p = yielding(fn)(context);
    await Promise.resolve();
    expect(fn).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    await expect(p).resolves.toBe("x!");
    expect(fn).toHaveBeenCalledWith(context);
  });

  it("yielding(fn) never calls fn when the query was cancelled during the yield (its view closed)", async () => {
    vi.useFakeTimers();
    const fn = vi.fn(async () => "sent");
    const abort = new AbortController();
    const p = yielding(fn)({ signal: abort.signal });
    abort.abort();
    const settled = expect(p).rejects.toThrow(/abort/i);
    await vi.runAllTimersAsync();
    await settled;
    expect(fn).not.toHaveBeenCalled();
  });
});
