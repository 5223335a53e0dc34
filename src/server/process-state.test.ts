import { describe, expect, it, vi } from "vitest";

// Next bundles pages and route handlers separately: each bundle evaluates its own copy of a module.
// `vi.resetModules()` gives a second copy the same way; the state must still be the one object.
describe("processState", () => {
  it("gives every copy of a module the same value, created once", async () => {
    const a = await import("./process-state");
    vi.resetModules();
    const b = await import("./process-state");
    expect(b).not.toBe(a);
    const create = vi.fn(() => ({ n: 0 }));
    const first = a.processState("test.shared", create);
    first.n = 7;
    expect(b.processState("test.shared", create)).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
    expect(a.processState("test.other", () => ({ n: 1 }))).not.toBe(first);
  });
});
