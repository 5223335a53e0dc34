import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { resetConfigForTests } from "@/server/config";
import { testDb } from "../../../../test/db";
import { queryRows } from "./rows";
import { solvedPow } from "./testing";

// With no contracts deployed (a fresh chain; /api/faucet/status says `unavailable`),
// POST /api/faucet/claim refuses with a clear 503 (docs/api.md: "503 SERVICE_UNAVAILABLE … the
// chain cannot be read"), not a 500, and without burning the participant's proof of work first:
// the deployment was once looked up after the proof of work was spent, and its error was a 500.

type Handler = (req: Request, ctx: unknown) => Promise<Response>;
const SITE = "http://localhost:3000";
let handle: DbHandle;
let claimRoute: Handler;
let emptyDir: string;
let dataDir: string;

beforeAll(async () => {
  emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-review-nodeploy-"));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-review-data-"));
  Object.assign(process.env, {
    PUBLIC_URL: SITE,
    DATA_DIR: dataDir,
    DEPLOYMENTS_DIR: emptyDir,
    // A local URL nothing listens on: the chain is not reached before the deployment is looked up.
    TESTNET_RPC_URL: "http://127.0.0.1:9",
    TRUST_PROXY_HOPS: "1",
    FAUCET_POW_MAXNUMBER: "200",
  });
  resetConfigForTests();
  handle = await testDb();
  claimRoute = (await import("@/app/api/faucet/claim/route")).POST as Handler;
});
afterAll(async () => {
  await handle?.close();
  fs.rmSync(emptyDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("faucet claim without a deployment", () => {
  it("answers a clear 503, not 500, and leaves the proof of work unspent", async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const { cookieHeader } = await createTestSession(address, { db: handle.db });
    const altcha = await solvedPow();
    const res = await claimRoute(
      new Request(`${SITE}/api/faucet/claim`, {
        method: "POST",
        headers: {
          cookie: cookieHeader,
          origin: SITE,
          "content-type": "application/json",
          "x-forwarded-for": "198.51.100.20",
        },
        body: JSON.stringify({ altcha }),
      }),
      {},
    );
    const body = (await res.json()) as { error?: { code: string; message: string } };
    const spent = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM faucet_pow_used`,
    );
    expect({ status: res.status, code: body.error?.code, powSpent: Number(spent[0]?.n) }).toEqual({
      status: 503,
      code: "SERVICE_UNAVAILABLE",
      powSpent: 0,
    });
  });
});
