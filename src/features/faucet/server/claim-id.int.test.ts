import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { resetConfigForTests } from "@/server/config";
import { testDb } from "../../../../test/db";
import { createClaim } from "./claims";
import { claimTestSettings } from "./testing";

// docs/api.md: `GET /api/faucet/claims/{id}` answers 404 CLAIM_NOT_FOUND for an unknown or malformed
// id. The route once bounded the id at 100 characters, so a long malformed id was a 400 instead.

type Handler = (req: Request, ctx: unknown) => Promise<Response>;
const SITE = "http://localhost:3000";
let handle: DbHandle;
let claimViewRoute: Handler;

beforeAll(async () => {
  process.env.PUBLIC_URL = SITE;
  resetConfigForTests();
  handle = await testDb();
  claimViewRoute = (await import("@/app/api/faucet/claims/[id]/route")).GET as Handler;
});
afterAll(async () => {
  await handle?.close();
});

async function view(cookie: string, id: string): Promise<{ status: number; code?: string }> {
  const res = await claimViewRoute(
    new Request(`${SITE}/api/faucet/claims/${encodeURIComponent(id)}`, { headers: { cookie } }),
    { params: Promise.resolve({ id }) },
  );
  const body = (await res.json()) as { error?: { code: string } };
  return { status: res.status, code: body.error?.code };
}

describe("GET /api/faucet/claims/{id}", () => {
  it("answers the owner's claim, and 404 CLAIM_NOT_FOUND for any malformed id, however long", async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const { user, cookieHeader } = await createTestSession(address, { db: handle.db });
    const { claimId } = await createClaim(
      handle.db,
      { userId: user.id, address, ip: null },
      claimTestSettings,
    );

    expect(await view(cookieHeader, claimId)).toEqual({ status: 200, code: undefined });
    for (const id of ["not-a-uuid", `${claimId}0`, "x".repeat(101), "f".repeat(5_000)]) {
      expect({ id: id.slice(0, 40), ...(await view(cookieHeader, id)) }).toEqual({
        id: id.slice(0, 40),
        status: 404,
        code: "CLAIM_NOT_FOUND",
      });
    }
  });
});
