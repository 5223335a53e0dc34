import { eq, like, sql } from "drizzle-orm";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as publishPOST } from "@/app/api/admin/airdrop/rounds/[id]/publish/route";
import { POST as sweepPOST } from "@/app/api/admin/airdrop/rounds/[id]/sweep/route";
import { POST as createPOST } from "@/app/api/admin/airdrop/rounds/route";
import type { DbHandle } from "@/db/client";
import { airdropRounds, auditLog, staffRoles } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import { config, resetConfigForTests } from "@/server/config";
import { type Chainish, startChain } from "../../../../contracts/test/lib/harness";
import { testDb } from "../../../../test/db";
import type { AdminRound } from "../schema";
import { seedParticipants } from "./fixtures";
import { runNextPublish } from "./jobs";
import { getRound } from "./rounds";

// docs/api.md, operator console: "every change is appended to the audit log in the same
// transaction". Each operator action on a round (create, publish request, sweep) is made once while
// the database refuses its audit entry (a test trigger): nothing of the change may remain. Then once
// normally: the change and exactly one entry; a repeat that changes nothing adds none.

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

let c: Chainish;
let h: DbHandle;
let admin: { cookie: string; address: string };
const HOUR = 3_600_000;
const deadline = new Date(Date.now() + 2 * HOUR);

beforeAll(async () => {
  c = await startChain();
  process.env.TESTNET_RPC_URL = c.url;
  resetConfigForTests();
  h = await testDb();
  await seedParticipants(h.db, { count: 20, at: new Date(Date.now() - HOUR), points: () => 500 });
  const address = c.accounts[8]!.address.toLowerCase();
  await h.db.insert(staffRoles).values({ address, role: "admin", grantedBy: "test" });
  admin = { cookie: (await createTestSession(address as Address, { db: h.db })).cookieHeader, address };
});
afterAll(async () => {
  await h?.close();
  await c?.stop();
});

async function withAuditRefused<T>(action: string, fn: () => Promise<T>): Promise<T> {
  await h.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit entry refused (test)'; END $$`),
  );
  await h.db.execute(
    sql.raw(`CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW
      WHEN (NEW.action = '${action}') EXECUTE FUNCTION test_refuse_audit()`),
  );
  try {
    return await fn();
  } finally {
    await h.db.execute(sql`DROP TRIGGER test_refuse_audit ON audit_log`);
  }
}

const audits = () =>
  h.db.select().from(auditLog).where(like(auditLog.action, "airdrop.%")).orderBy(auditLog.id);

const post = (handler: unknown, path: string, body: unknown, params: Record<string, string> = {}) =>
  (handler as Handler)(
    new Request(`${config().origin}${path}`, {
      method: "POST",
      headers: { origin: config().origin, cookie: admin.cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve(params) },
  );

describe("the operator's airdrop actions are audited in their own transaction", () => {
  let id = "";
  const publish = () => post(publishPOST, `/api/admin/airdrop/rounds/${id}/publish`, {}, { id });
  const sweep = () => post(sweepPOST, `/api/admin/airdrop/rounds/${id}/sweep`, {}, { id });
  const nonce = () => c.pub.getTransactionCount({ address: c.accounts[0]!.address });

  it("create: no round without its entry", async () => {
    const create = () =>
      post(createPOST, "/api/admin/airdrop/rounds", {
        name: "Audited",
        totalAmount: "1000000000000000000000",
        minPoints: 100,
        // Snapshot (no later than the opening) past the freeze's settling margin (freeze.ts
        // SNAPSHOT_SETTLE_MS): publishing does not wait 5 s. The points were credited an hour ago.
        snapshotAt: new Date(Date.now() - 60_000).toISOString(),
        opensAt: new Date(Date.now() - 60_000).toISOString(),
        deadline: deadline.toISOString(),
      });
    expect((await withAuditRefused("airdrop.create", create)).status).toBe(500);
    expect(await h.db.select().from(airdropRounds)).toEqual([]);
    expect(await audits()).toEqual([]);

    const res = await create();
    expect(res.status).toBe(201);
    id = ((await res.json()) as AdminRound).id;
    expect(await audits()).toMatchObject([
      {
        action: "airdrop.create",
        actor: admin.address,
        target: `airdrop:${id}`,
        after: { id, status: "draft" },
      },
    ]);
  });

  it("publish: no queued job without its entry; a click while queued adds none", async () => {
    expect((await withAuditRefused("airdrop.publish", publish)).status).toBe(500);
    expect((await getRound(h.db, id)).publishRequestedAt).toBeNull();
    expect((await audits()).map((a) => a.action)).toEqual(["airdrop.create"]);

    const res = await publish();
    expect(res.status).toBe(202);
    expect(((await res.json()) as AdminRound).publishRequested).toBe(true);
    expect((await publish()).status).toBe(202);
    const entries = (await audits()).filter((a) => a.action === "airdrop.publish");
    expect(entries).toMatchObject([
      {
        actor: admin.address,
        target: `airdrop:${id}`,
        before: { status: "draft", requested: false },
        after: { status: "draft", requested: true },
      },
    ]);
    expect(await runNextPublish(h.db)).toEqual({ roundId: id });
    expect((await getRound(h.db, id)).status).toBe("published");
  });

  it("sweep: not recorded without its entry; the retry records the same withdrawal once", async () => {
    await c.mineAt(BigInt(Math.floor(deadline.getTime() / 1000)) + 1n);
    expect((await withAuditRefused("airdrop.sweep", sweep)).status).toBe(500);
    const sent = await nonce(); // the withdrawal went out and stays recorded (sender.ts)
    expect((await getRound(h.db, id)).sweptAt).toBeNull();
    expect((await audits()).filter((a) => a.action === "airdrop.sweep")).toEqual([]);

    const res = await sweep();
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminRound).sweptAmount).toBe("1000000000000000000000");
    expect((await sweep()).status).toBe(200);
    expect(await nonce()).toBe(sent); // no second withdrawal
    expect(await h.db.select().from(auditLog).where(eq(auditLog.action, "airdrop.sweep"))).toMatchObject([
      {
        actor: admin.address,
        target: `airdrop:${id}`,
        after: { sweptAmount: "1000000000000000000000", to: "deployer" },
      },
    ]);
  });
});
