import { sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession, type TestSession } from "@/features/auth/testing";
import { creditPoints, leaderboard } from "@/features/points/server";
import { testDb } from "../../../test/db";
import { countQueries } from "../../../test/query-count";
import { myStanding } from "./server";
import { rows } from "./server/rows";

// Exclusions, imports, restores, cluster decisions and appeals through the real routes (issue 12).

type Handler = (req: Request, ctx: unknown) => Promise<Response>;
const SITE = "http://localhost:3000";
let handle: DbHandle;
let mod: TestSession;
let nobody: TestSession;
const routes: Record<string, Handler> = {};

const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
const req = (path: string, cookie: string, body?: unknown) =>
  new Request(`${SITE}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { cookie, origin: SITE, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const call = async (
  name: string,
  path: string,
  cookie: string,
  body?: unknown,
  params: Record<string, string> = {},
) => {
  const res = await routes[name]!(req(path, cookie, body), { params: Promise.resolve(params) });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & { error?: { code: string } },
  };
};
const auditCount = async (action: string) =>
  Number(
    rows<{ n: number }>(
      await handle.db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action}`),
    )[0]?.n,
  );

beforeAll(async () => {
  handle = await testDb();
  mod = await createTestSession(fresh(), { db: handle.db });
  nobody = await createTestSession(fresh(), { db: handle.db });
  await handle.db.execute(sql`INSERT INTO staff_roles (address, role, granted_by)
    VALUES (${mod.user.address.toLowerCase()}, 'moderator', 'test')`);
  routes.exclusions = (await import("@/app/api/admin/integrity/exclusions/route")).POST as Handler;
  routes.listExclusions = (await import("@/app/api/admin/integrity/exclusions/route")).GET as Handler;
  routes.restore = (await import("@/app/api/admin/integrity/exclusions/restore/route")).POST as Handler;
  routes.import = (await import("@/app/api/admin/integrity/exclusions/import/route")).POST as Handler;
  routes.clusters = (await import("@/app/api/admin/integrity/clusters/route")).GET as Handler;
  routes.decide = (await import("@/app/api/admin/integrity/clusters/[id]/route")).POST as Handler;
  routes.me = (await import("@/app/api/integrity/me/route")).GET as Handler;
  routes.appeal = (await import("@/app/api/integrity/appeal/route")).POST as Handler;
});
afterAll(() => handle?.close());

describe("integrity admin API", () => {
  it("is for staff only: 403 for a participant, nothing written", async () => {
    const target = fresh();
    const r = await call("exclusions", "/api/admin/integrity/exclusions", nobody.cookieHeader, {
      address: target,
      reasonCategory: "sybil",
      reason: "farm",
    });
    expect(r.status).toBe(403);
    expect((await call("clusters", "/api/admin/integrity/clusters", nobody.cookieHeader)).status).toBe(403);
    expect(await auditCount("integrity.exclude")).toBe(0);
  });

  it("refuses bad input with a 400 and never a 500", async () => {
    const bad = [
      { address: "0x12", reasonCategory: "sybil", reason: "farm" },
      { address: fresh(), reasonCategory: "nope", reason: "farm" },
      { address: fresh(), reasonCategory: "sybil", reason: "" },
    ];
    for (const body of bad) {
      expect(
        (await call("exclusions", "/api/admin/integrity/exclusions", mod.cookieHeader, body)).status,
      ).toBe(400);
    }
    const csv = await call("import", "/api/admin/integrity/exclusions/import", mod.cookieHeader, {
      csv: `address\n${fresh()}\nnot-an-address`,
      reasonCategory: "sybil",
      reason: "list",
    });
    expect([csv.status, csv.body.error?.code]).toEqual([400, "INVALID_CSV"]);
    const restore = await call("restore", "/api/admin/integrity/exclusions/restore", mod.cookieHeader, {
      address: fresh(),
      reason: "nothing",
    });
    expect([restore.status, restore.body.error?.code]).toEqual([404, "NOT_EXCLUDED"]);
    // The console's address search: a malformed address is a 400 on every list, never a 500.
    for (const [name, path] of [
      ["listExclusions", "exclusions"],
      ["clusters", "clusters"],
    ] as const) {
      for (const address of ["0xZZ", "abc", "0x", `0x${"a".repeat(41)}`, "0x1%27--"]) {
        const r = await call(name, `/api/admin/integrity/${path}?address=${address}`, mod.cookieHeader);
        expect([address, r.status, r.body.error?.code]).toEqual([address, 400, "INVALID_INPUT"]);
      }
    }
  });

  it("excludes (off the leaderboard, earns nothing), the participant sees it and appeals once, restore undoes it", async () => {
    const p = await createTestSession(fresh(), { db: handle.db });
    const address = p.user.address.toLowerCase();
    await creditPoints(handle.db, {
      userId: p.user.id,
      points: 500,
      reason: "t",
      source: "task",
      sourceKey: `t:${address}`,
    });
    expect((await leaderboard(handle.db, mod.user.id)).top.map((r) => r.address.toLowerCase())).toContain(
      address,
    );

    const ex = await call("exclusions", "/api/admin/integrity/exclusions", mod.cookieHeader, {
      address: p.user.address,
      reasonCategory: "sybil",
      reason: "Funded by the same address as 49 others",
    });
    expect(ex.status).toBe(200);
    expect(ex.body).toMatchObject({ address, reasonCategory: "sybil", source: "manual" });
    expect(await auditCount("integrity.exclude")).toBe(1);
    expect((await leaderboard(handle.db, mod.user.id)).top.map((r) => r.address.toLowerCase())).not.toContain(
      address,
    );
    const more = await creditPoints(handle.db, {
      userId: p.user.id,
      points: 5,
      reason: "t",
      source: "task",
      sourceKey: `t2:${address}`,
    });
    expect(more.credited).toBe(false);

    const me = await call("me", "/api/integrity/me", p.cookieHeader);
    expect(me.body).toMatchObject({ excluded: true, reasonCategory: "sybil", appealTicketId: null });
    // The participant sees the category, never the operator's internal reason.
    expect(JSON.stringify(me.body)).not.toContain("49 others");

    const appeals = await Promise.all(
      Array.from({ length: 5 }, () =>
        call("appeal", "/api/integrity/appeal", p.cookieHeader, { email: "me@example.org" }),
      ),
    );
    const ids = new Set(appeals.map((a) => a.body.ticketId));
    expect(ids.size).toBe(1);
    expect(appeals.filter((a) => a.status === 201)).toHaveLength(1);
    // The standing (read on every /rewards render) now carries the appeal and the email, in one statement.
    const standing = await countQueries(() =>
      myStanding(handle.db, { userId: p.user.id, address: p.user.address }),
    );
    expect(standing.queries).toBe(1);
    expect(standing.result).toMatchObject({
      excluded: true,
      reasonCategory: "sybil",
      appealTicketId: [...ids][0],
      email: "me@example.org",
    });
    expect(Date.parse(standing.result.since ?? "")).toBeGreaterThan(Date.now() - 600_000);
    const [ticket] = rows<{ subject: string; category: string }>(
      await handle.db.execute(
        sql`SELECT subject, category FROM support_tickets WHERE id = ${[...ids][0] as string}`,
      ),
    );
    expect(ticket).toMatchObject({ subject: "Appeal: excluded from rewards", category: "points" });
    const msg = rows<{ body: string }>(
      await handle.db.execute(
        sql`SELECT body FROM support_messages WHERE ticket_id = ${[...ids][0] as string}`,
      ),
    )[0]?.body;
    expect(msg).toContain(address);
    expect(msg).toContain("Several accounts run by one person");

    const restored = await call("restore", "/api/admin/integrity/exclusions/restore", mod.cookieHeader, {
      address,
      reason: "Appeal accepted",
    });
    expect(restored.body).toEqual({ address, restored: true });
    expect((await call("me", "/api/integrity/me", p.cookieHeader)).body).toMatchObject({ excluded: false });
    expect((await leaderboard(handle.db, mod.user.id)).top.map((r) => r.address.toLowerCase())).toContain(
      address,
    );
    const notExcluded = await call("appeal", "/api/integrity/appeal", p.cookieHeader, {
      email: "me@example.org",
    });
    expect([notExcluded.status, notExcluded.body.error?.code]).toEqual([409, "NOT_EXCLUDED"]);
  });

  it("imports a list and confirms or dismisses a cluster, each once", async () => {
    const list = [fresh(), fresh(), fresh()];
    const imp = await call("import", "/api/admin/integrity/exclusions/import", mod.cookieHeader, {
      csv: `address\n${list.join("\n")}\n${list[0]}\n`,
      reasonCategory: "bot",
      reason: "Published sybil list",
    });
    expect(imp.body).toEqual({ added: 3, alreadyExcluded: 0, duplicates: 1 });
    const again = await call("import", "/api/admin/integrity/exclusions/import", mod.cookieHeader, {
      csv: list.join("\n"),
      reasonCategory: "bot",
      reason: "Published sybil list",
    });
    expect(again.body).toEqual({ added: 0, alreadyExcluded: 3, duplicates: 0 });

    const members = [fresh(), fresh(), fresh()].map((a) => a.toLowerCase());
    const [cluster] = rows<{ id: number }>(
      await handle.db.execute(sql`INSERT INTO sybil_clusters (kind, key, score, size, evidence)
        VALUES ('common_funder', ${fresh().toLowerCase()}, 80, 3, '["0xabc"]'::jsonb) RETURNING id`),
    );
    for (const m of members) {
      await handle.db.execute(
        sql`INSERT INTO sybil_cluster_members (cluster_id, address) VALUES (${cluster!.id}, ${m})`,
      );
    }
    const listed = await call("clusters", "/api/admin/integrity/clusters?status=open", mod.cookieHeader);
    const shown = (listed.body.clusters as { id: number; members: string[]; membersHash: string }[]).find(
      (c) => c.id === Number(cluster!.id),
    );
    expect(shown?.members).toEqual([...members].sort());
    const id = String(cluster!.id);
    const decisions = await Promise.all(
      Array.from({ length: 3 }, () =>
        call(
          "decide",
          `/api/admin/integrity/clusters/${id}`,
          mod.cookieHeader,
          { decision: "confirm", reason: "Reviewed", membersHash: shown?.membersHash },
          { id },
        ),
      ),
    );
    expect(decisions.map((d) => d.status).sort()).toEqual([200, 409, 409]);
    const excluded = rows<{ n: number }>(
      await handle.db.execute(
        sql`SELECT count(*)::int AS n FROM participant_exclusions WHERE source = 'cluster'`,
      ),
    )[0]?.n;
    expect(Number(excluded)).toBe(3);
    expect(await auditCount("integrity.cluster.confirm")).toBe(1);
    const missing = await call(
      "decide",
      "/api/admin/integrity/clusters/999999",
      mod.cookieHeader,
      { decision: "dismiss", reason: "x y z" },
      { id: "999999" },
    );
    expect([missing.status, missing.body.error?.code]).toEqual([404, "CLUSTER_NOT_FOUND"]);
  });

  it("finds an excluded participant past the first page by address, and pages with nextCursor", async () => {
    const many = Array.from({ length: 5 }, () => fresh().toLowerCase());
    for (const address of many) {
      await call("exclusions", "/api/admin/integrity/exclusions", mod.cookieHeader, {
        address,
        reasonCategory: "sybil",
        reason: "Paging test",
      });
    }
    const first = await call("listExclusions", "/api/admin/integrity/exclusions?limit=2", mod.cookieHeader);
    const second = await call(
      "listExclusions",
      `/api/admin/integrity/exclusions?limit=2&cursor=${first.body.nextCursor}`,
      mod.cookieHeader,
    );
    expect([first.body.nextCursor, (second.body.exclusions as unknown[]).length]).toEqual([2, 2]);
    const found = await call(
      "listExclusions",
      `/api/admin/integrity/exclusions?address=${many[4]!.toUpperCase().replace("0X", "0x")}`,
      mod.cookieHeader,
    );
    expect((found.body.exclusions as { address: string }[]).map((x) => x.address)).toEqual([many[4]]);
  });
});
