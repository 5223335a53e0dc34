import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { settings } from "@/db/schema";
import { forgetSettings } from "@/server/settings";
import { testDb } from "../../../test/db";
import { faucetSettings, liveFaucetSettings } from "./server/settings";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

describe("the faucet's run-time settings", () => {
  it("are the environment's until the operator changes them in the console, then the console's", async () => {
    const env = faucetSettings();
    const before = await liveFaucetSettings(handle.db);
    expect(before.drips).toEqual(env.drips);
    expect(before.paused).toBe(env.paused);

    await handle.db.insert(settings).values([
      { key: "faucet.paused", value: true, updatedBy: "0x00000000000000000000000000000000000000ad" },
      { key: "faucet.drip.tUSD", value: "25", updatedBy: "0x00000000000000000000000000000000000000ad" },
      { key: "faucet.cooldownSeconds", value: 3600, updatedBy: "0x00000000000000000000000000000000000000ad" },
    ]);
    forgetSettings();
    const after = await liveFaucetSettings(handle.db);
    expect(after.paused).toBe(true);
    expect(after.drips.tUSD).toBe(25_000_000n);
    expect(after.drips.native).toBe(env.drips.native);
    expect(after.cooldownSeconds).toBe(3600);
  });
});
