import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { ApiError } from "@/server/errors";
import { testDb } from "../../../../test/db";
import { createClaim } from "./claims";
import { claimTestSettings } from "./testing";

// The per-client limit (FAUCET_IP_LIMIT) counts an IPv6 client by its /64 (docs/api.md "Limits":
// `2001:db8:7:7::1` and `2001:db8:7:7::2` share one budget). It once counted single addresses, so a
// bot farm holding one /64 picked a new address per claim and only the subnet limit stopped it.

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle?.close();
});

async function claimFrom(ip: string): Promise<string> {
  const address = privateKeyToAccount(generatePrivateKey()).address;
  const { user } = await createTestSession(address, { db: handle.db });
  try {
    await createClaim(handle.db, { userId: user.id, address, ip }, claimTestSettings);
    return "202";
  } catch (err) {
    if (err instanceof ApiError) return `${err.status} ${err.code}`;
    throw err;
  }
}

describe("faucet per-client limit over IPv6", () => {
  it("counts addresses of one /64 as one client: the 4th claim is FAUCET_IP_LIMIT", async () => {
    const results: string[] = [];
    for (let i = 1; i <= 5; i++) results.push(await claimFrom(`2001:db8:7:7::${i}`));
    // FAUCET_IP_LIMIT = 3 per client; FAUCET_SUBNET_LIMIT = 10 must not be what stops a single /64 host.
    expect(results).toEqual(["202", "202", "202", "429 FAUCET_IP_LIMIT", "429 FAUCET_IP_LIMIT"]);
  });

  it("an IPv4 client keeps its per-address budget (control)", async () => {
    const results: string[] = [];
    for (let i = 0; i < 4; i++) results.push(await claimFrom("198.51.100.7"));
    expect(results).toEqual(["202", "202", "202", "429 FAUCET_IP_LIMIT"]);
  });
});
