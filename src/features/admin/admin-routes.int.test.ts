import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { staffRoles } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import { config } from "@/server/config";
import { testDb } from "../../../test/db";

// Every file under src/app/api/admin is found on disk, so a route added later cannot miss the
// role check: each exported handler must carry `meta.roles` and answer 403 to anyone else.

const ADMIN_DIR = path.join(process.cwd(), "src", "app", "api", "admin");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(p);
    return e.name === "route.ts" ? [p] : [];
  });
}

/** Plausible values for any dynamic segment: the role check comes before parameter parsing anyway. */
const SAMPLE: Record<string, string> = {
  address: "0x00000000000000000000000000000000000000aa",
  id: "00000000-0000-4000-8000-000000000000",
  slug: "some-article",
  file: "participants.csv",
};

type Handler = ((req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  meta?: { roles?: readonly string[] };
};

const files = routeFiles(ADMIN_DIR);
let handle: DbHandle;
let userCookie: string;
let moderatorCookie: string;
let adminCookie: string;

beforeAll(async () => {
  handle = await testDb();
  userCookie = (await createTestSession("0x00000000000000000000000000000000000000b1")).cookieHeader;
  const mod = await createTestSession("0x00000000000000000000000000000000000000b2");
  moderatorCookie = mod.cookieHeader;
  const admin = await createTestSession("0x00000000000000000000000000000000000000b3");
  adminCookie = admin.cookieHeader;
  await handle.db.insert(staffRoles).values([
    { address: mod.user.address, role: "moderator", grantedBy: "test" },
    { address: admin.user.address, role: "admin", grantedBy: "test" },
  ]);
});
afterAll(() => handle?.close());

async function call(file: string, method: string, cookie: string | null): Promise<Response> {
  const mod = (await import(file)) as Record<string, Handler>;
  const rel = path.relative(ADMIN_DIR, path.dirname(file));
  const params: Record<string, string> = {};
  const urlPath = rel
    .split(path.sep)
    .map((seg) => {
      const m = /^\[(.+)\]$/.exec(seg);
      if (!m?.[1]) return seg;
      params[m[1]] = SAMPLE[m[1]] ?? "x";
      return params[m[1]];
    })
    .join("/");
  const origin = config().origin;
  const req = new Request(`${origin}/api/admin/${urlPath}`, {
    method,
    headers: { origin, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: method === "GET" || method === "DELETE" ? undefined : "{}",
  });
  return (mod[method] as Handler)(req, { params: Promise.resolve(params) });
}

describe("every /api/admin route", () => {
  it("finds the admin route files", () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
  });

  for (const file of files) {
    const name = path.relative(process.cwd(), file);
    it(`${name}: each handler declares roles and refuses non-operators with 403`, async () => {
      const mod = (await import(file)) as Record<string, Handler>;
      const methods = METHODS.filter((m) => typeof mod[m] === "function");
      expect(methods.length, `${name} exports no handler`).toBeGreaterThan(0);
      for (const method of methods) {
        const roles = mod[method]?.meta?.roles;
        expect(roles, `${method} ${name} has no meta.roles`).toBeDefined();
        expect(roles?.length, `${method} ${name} has empty meta.roles`).toBeGreaterThan(0);
        for (const cookie of [null, userCookie]) {
          const res = await call(file, method, cookie);
          expect(res.status, `${method} ${name} with ${cookie ? "a participant" : "no session"}`).toBe(403);
        }
        const asModerator = await call(file, method, moderatorCookie);
        if (roles?.includes("moderator")) expect(asModerator.status).not.toBe(403);
        else expect(asModerator.status).toBe(403);
        const asAdmin = await call(file, method, adminCookie);
        expect(asAdmin.status, `${method} ${name} as admin`).not.toBe(403);
        expect(asAdmin.status, `${method} ${name} as admin`).toBeLessThan(500);
      }
    });
  }
});
