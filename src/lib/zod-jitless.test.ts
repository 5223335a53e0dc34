import { describe, expect, it, vi } from "vitest";

describe("instrumentation-client's zod switch", () => {
  it("makes zod jitless without importing zod first", async () => {
    vi.resetModules();
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    await import("../instrumentation-client");
    const { config } = await import("zod/v4/core");
    expect(config().jitless).toBe(true);
  });

  it("keeps what zod configured before it", async () => {
    vi.resetModules();
    (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig = { marker: 1 };
    await import("../instrumentation-client");
    const { config } = await import("zod/v4/core");
    expect(config()).toMatchObject({ jitless: true, marker: 1 });
  });
});
