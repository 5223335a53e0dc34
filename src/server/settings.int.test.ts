import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { settings } from "@/db/schema";
import { testDb } from "../../test/db";

// Pages and route handlers are separate Next bundles, each with its own copy of settings.ts; the
// cache is shared (process-state.ts), so a console write clears what the pages read.
let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

describe("run-time settings cache", () => {
  it("is shared by every copy of the module, missing values included", async () => {
    const page = await import("./settings");
    vi.resetModules();
    const console = await import("./settings");
    expect(console).not.toBe(page);
    expect(await page.getSetting(handle.db, "test.shared", 5)).toBe(5);
    // Cached as missing by the first copy: the second copy answers the default, not undefined.
    expect(await console.getSetting(handle.db, "test.shared", 5)).toBe(5);
    await handle.db.insert(settings).values({ key: "test.shared", value: 9, updatedBy: "test" });
    expect(await page.getSetting(handle.db, "test.shared", 5)).toBe(5);
    console.forgetSettings(["test.shared"]);
    expect(await page.getSetting(handle.db, "test.shared", 5)).toBe(9);
  });
});
