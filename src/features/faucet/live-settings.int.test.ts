import { sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { settings } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import { ApiError } from "@/server/errors";
import { forgetSettings } from "@/server/settings";
import { testDb } from "../../../test/db";
import { createClaim, nextClaimAt, queryRows } from "./server/claims";
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

  // README: faucet.cooldownSeconds is the "time between two claims of one address". An operator who
  // raises it (1 min → 24 h to stop a farm) expects it to hold for every address from then on, as
  // the per-client window already does — not only for addresses that claim after the change.
  it("a changed cooldown applies to addresses that claimed under the old one, on the claim and the countdown", async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const lower = address.toLowerCase();
    const { user } = await createTestSession(address, { db: handle.db });
    const base = faucetSettings();
    const claimAs = (ip: string, cooldownSeconds: number) =>
      createClaim(handle.db, { userId: user.id, address, ip }, { ...base, cooldownSeconds }).then(
        () => null,
        (err: unknown) => err,
      );

    expect(await claimAs("198.51.100.1", 60)).toBeNull();
    // Two minutes pass (the claim's clock is shifted back instead of waiting).
    await handle.db.execute(sql`UPDATE faucet_claims SET created_at = created_at - interval '120 seconds'
      WHERE address = ${lower}`);
    await handle.db.execute(sql`UPDATE faucet_cooldowns SET claimed_at = claimed_at - interval '120 seconds'
      WHERE address = ${lower}`);
    expect(await nextClaimAt(handle.db, address, 60)).toBeNull();

    // Raised to 24 h: the same address, 2 minutes after its claim, from another client, waits ~24 h.
    const next = await nextClaimAt(handle.db, address, 86_400);
    const [clock] = await queryRows<{ claimed: string | Date }>(
      handle.db,
      sql`SELECT claimed_at AS claimed FROM faucet_cooldowns WHERE address = ${lower}`,
    );
    expect(next?.getTime()).toBe(new Date(clock?.claimed as Date).getTime() + 86_400_000);
    const second = await claimAs("203.0.113.9", 86_400);
    expect(second).toBeInstanceOf(ApiError);
    expect((second as ApiError).status).toBe(429);
    expect((second as ApiError).code).toBe("FAUCET_COOLDOWN");
    const wait = Number((second as ApiError).headers["Retry-After"]);
    expect(wait).toBeGreaterThan(86_400 - 130);
    expect(wait).toBeLessThanOrEqual(86_400 - 119);
    const count = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            handle.db,
            sql`SELECT count(*)::int AS n FROM faucet_claims WHERE address = ${lower}`,
          )
        )[0]?.n,
      );
    expect(await count()).toBe(1);

    // Lowered back to 60 s: the address may claim again at once.
    expect(await claimAs("203.0.113.10", 60)).toBeNull();
    expect(await count()).toBe(2);
  });
});
