import { sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession, type TestSession } from "@/features/auth/testing";
import { testDb } from "../../../test/db";
import { rows } from "./server/rows";
import { runSybilScoring } from "./server/sybil-job";

// "Confirm and exclude" used to exclude whoever was in the cluster when the click landed, not the
// members the operator reviewed. The job rewrites an open cluster's members every minute, so a
// shared-address cluster that grew between the listing and the click took every newcomer with it,
// none of whom the operator ever saw. The console now sends the listed `membersHash`; a cluster
// whose members changed is a 409 and nothing is decided (review.ts decideCluster).

type Handler = (req: Request, ctx: unknown) => Promise<Response>;
const SITE = "http://localhost:3000";
const IP = "203.0.113.77";
let handle: DbHandle;
let mod: TestSession;
let listClusters: Handler;
let decide: Handler;

const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
const CODE = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
let n = 0;
const code = () => {
  let x = ++n + 1000;
  let s = "";
  for (let i = 0; i < 8; i++) {
    s += CODE[x % 32];
    x = Math.floor(x / 32);
  }
  return s;
};
async function signInFrom(ip: string): Promise<string> {
  const address = fresh().toLowerCase();
  const [u] = rows<{ id: string }>(
    await handle.db.execute(sql`INSERT INTO users (address, referral_code)
      VALUES (${address}, ${code()}) RETURNING id`),
  );
  await handle.db.execute(sql`INSERT INTO sign_in_events (user_id, address, ip, subnet)
    VALUES (${u!.id}, ${address}, ${ip}, ${"203.0.113.0/24"})`);
  return address;
}

beforeAll(async () => {
  handle = await testDb();
  mod = await createTestSession(fresh(), { db: handle.db });
  await handle.db.execute(sql`INSERT INTO staff_roles (address, role, granted_by)
    VALUES (${mod.user.address.toLowerCase()}, 'moderator', 'test')`);
  listClusters = (await import("@/app/api/admin/integrity/clusters/route")).GET as Handler;
  decide = (await import("@/app/api/admin/integrity/clusters/[id]/route")).POST as Handler;
});
afterAll(() => handle?.close());

describe("cluster decision (review)", () => {
  it("confirming excludes only the members the operator was shown", async () => {
    for (let i = 0; i < 4; i++) await signInFrom(IP);
    await runSybilScoring(handle.db, { force: true });

    // What the console shows (api.fetchClusters).
    const listed = (await (
      await listClusters(
        new Request(`${SITE}/api/admin/integrity/clusters?status=open&limit=50`, {
          headers: { cookie: mod.cookieHeader },
        }),
        { params: Promise.resolve({}) },
      )
    ).json()) as {
      clusters: { id: number; kind: string; key: string; members: string[]; membersHash: string }[];
    };
    const shown = listed.clusters.find((c) => c.kind === "shared_ip" && c.key === IP);
    expect(shown?.members).toHaveLength(4);

    // While the operator reads the evidence, 20 more wallets sign in from that address and the
    // job (every minute) rewrites the open cluster's members.
    for (let i = 0; i < 20; i++) await signInFrom(IP);
    await runSybilScoring(handle.db);

    // The click, with the body the console sends (api.decide).
    const res = await decide(
      new Request(`${SITE}/api/admin/integrity/clusters/${shown!.id}`, {
        method: "POST",
        headers: { cookie: mod.cookieHeader, origin: SITE, "content-type": "application/json" },
        body: JSON.stringify({
          decision: "confirm",
          reason: "Funding graph reviewed",
          membersHash: shown!.membersHash,
        }),
      }),
      { params: Promise.resolve({ id: String(shown!.id) }) },
    );
    const excluded = rows<{ address: string }>(
      await handle.db.execute(sql`SELECT address FROM participant_exclusions WHERE source = 'cluster'`),
    ).map((r) => r.address);
    // Either the decision is refused because the cluster changed (409), or only the reviewed
    // members are excluded. Before the fix: 200 and 24 exclusions.
    expect({ status: res.status, excluded: excluded.length }).toSatisfy(
      (r: { status: number; excluded: number }) =>
        (r.status === 409 && r.excluded === 0) || (r.status === 200 && r.excluded === 4),
    );
  });
  it("answers the 409 with the message the console shows, and leaves the cluster open", async () => {
    const ip = "203.0.113.78";
    for (let i = 0; i < 4; i++) await signInFrom(ip);
    await runSybilScoring(handle.db, { force: true });
    const shown = (await list()).find((c) => c.kind === "shared_ip" && c.key === ip)!;
    await signInFrom(ip);
    await runSybilScoring(handle.db);
    const res = await decideBody(shown.id, {
      decision: "confirm",
      reason: "Reviewed",
      membersHash: shown.membersHash,
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "This cluster changed since you opened it; review it again.",
    );
    const again = (await list()).find((c) => c.id === shown.id)!;
    expect([again.status, again.size, again.membersHash === shown.membersHash]).toEqual(["open", 5, false]);
    // Listed again, the new members are what the operator confirms.
    const ok = await decideBody(shown.id, {
      decision: "confirm",
      reason: "Reviewed",
      membersHash: again.membersHash,
    });
    expect([ok.status, ((await ok.json()) as { excluded: number }).excluded]).toEqual([200, 5]);
  });

  it("confirms an unchanged cluster after later job runs (its updated_at moves, its hash does not)", async () => {
    const ip = "203.0.113.79";
    for (let i = 0; i < 4; i++) await signInFrom(ip);
    await runSybilScoring(handle.db, { force: true });
    const shown = (await list()).find((c) => c.kind === "shared_ip" && c.key === ip)!;
    // Another wallet signs in elsewhere: the job runs again and rewrites every open cluster.
    await signInFrom("198.51.100.1");
    await runSybilScoring(handle.db);
    const res = await decideBody(shown.id, {
      decision: "confirm",
      reason: "Reviewed",
      membersHash: shown.membersHash,
    });
    expect(res.status).toBe(200);
  });

  it("refuses a confirmation without the members hash (400) and a malformed one", async () => {
    const ip = "203.0.113.80";
    for (let i = 0; i < 4; i++) await signInFrom(ip);
    await runSybilScoring(handle.db, { force: true });
    const shown = (await list()).find((c) => c.kind === "shared_ip" && c.key === ip)!;
    const missing = await decideBody(shown.id, { decision: "confirm", reason: "Reviewed" });
    const malformed = await decideBody(shown.id, {
      decision: "confirm",
      reason: "Reviewed",
      membersHash: "x",
    });
    expect([missing.status, malformed.status]).toEqual([400, 400]);
    const stale = await decideBody(shown.id, {
      decision: "dismiss",
      reason: "Reviewed",
      membersHash: "0".repeat(32),
    });
    expect(stale.status).toBe(409);
    expect((await list()).find((c) => c.id === shown.id)?.status).toBe("open");
  });
});

type Listed = { id: number; kind: string; key: string; status: string; size: number; membersHash: string };
async function list(): Promise<Listed[]> {
  const res = await listClusters(
    new Request(`${SITE}/api/admin/integrity/clusters?status=open&limit=200`, {
      headers: { cookie: mod.cookieHeader },
    }),
    { params: Promise.resolve({}) },
  );
  return ((await res.json()) as { clusters: Listed[] }).clusters;
}

function decideBody(id: number, body: Record<string, unknown>): Promise<Response> {
  return decide(
    new Request(`${SITE}/api/admin/integrity/clusters/${id}`, {
      method: "POST",
      headers: { cookie: mod.cookieHeader, origin: SITE, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ id: String(id) }) },
  );
}
