import { expect, it } from "vitest";

// One test: zod (an external module) is evaluated once per test file and keeps the object it found.
it("instrumentation-client makes zod jitless without importing zod, keeping zod's other settings", async () => {
  (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig = { marker: 1 };
  await import("../instrumentation-client");
  const { config } = await import("zod/v4/core");
  expect(config()).toMatchObject({ jitless: true, marker: 1 });
});
