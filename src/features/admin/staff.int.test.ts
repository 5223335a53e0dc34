import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { auditLog, staffRoles } from "@/db/schema";
import { rolesOf } from "@/features/auth/server";
import { config, resetConfigForTests } from "@/server/config";
import { ApiError } from "@/server/errors";
import { testDb } from "../../../test/db";
import { grantRole, listStaff, revokeRole } from "./server";

// Staff roles in the console (docs/api.md, `/api/admin/staff`): nobody changes their own role, and
// no change, alone or racing another, leaves the console without an admin. On PostgreSQL
// (TEST_DATABASE_URL) the racing changes run on two connections at once.

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());
afterEach(async () => {
  delete process.env.ADMIN_ADDRESSES;
  delete process.env.MODERATOR_ADDRESSES;
  resetConfigForTests();
  await handle.db.delete(staffRoles);
});

const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const admins = async () => (await listStaff(handle.db)).staff.filter((s) => s.role === "admin").length;
const consoleAdmins = (...addresses: string[]) =>
  handle.db
    .insert(staffRoles)
    .values(addresses.map((address) => ({ address, role: "admin", grantedBy: "test" })));
const auditsOf = async (target: string) =>
  (await handle.db.select().from(auditLog).where(eq(auditLog.target, target))).map((a) => a.action);

/** The status and code of a rejected change (an ApiError), or 200. */
async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "200";
  } catch (err) {
    if (err instanceof ApiError) return `${err.status} ${err.code}`;
    throw err;
  }
}

describe("staff roles", () => {
  it("an admin cannot change their own role with a grant, as with a revoke: the only admin stays admin", async () => {
    expect(config().ADMIN_ADDRESSES).toEqual([]); // no environment admin in this run: console grants only
    const a = addr(0x5a1);
    await consoleAdmins(a);
    expect(await outcome(revokeRole(handle.db, a, a))).toBe("400 INVALID_INPUT");
    // POST /api/admin/staff {address: self, role: moderator}: the same demotion by another door.
    await expect(grantRole(handle.db, a, a.toUpperCase().replace("0X", "0x"), "moderator")).rejects.toThrow(
      /cannot change your own role/,
    );
    expect(await outcome(grantRole(handle.db, a, a, "admin"))).toBe("400 INVALID_INPUT");
    expect(await rolesOf(handle.db, a)).toEqual(["admin"]);
    expect(await admins()).toBe(1);
    expect(await auditsOf(a)).toEqual([]);
  });

  it("refuses with 403 a change by an operator whose admin role went after the route's check", async () => {
    const last = addr(0x5a2);
    // An operator whose admin role went after their request passed the route's role check.
    const former = addr(0x5a3);
    await consoleAdmins(last);
    expect(await outcome(revokeRole(handle.db, former, last))).toBe("403 FORBIDDEN");
    await expect(grantRole(handle.db, former, last, "moderator")).rejects.toThrow(/admin role was revoked/);
    expect(await outcome(grantRole(handle.db, former, addr(0x5a4), "admin"))).toBe("403 FORBIDDEN");
    expect(await rolesOf(handle.db, last)).toEqual(["admin"]);
    expect(await auditsOf(last)).toEqual([]);
    // A moderator is not an admin either.
    await grantRole(handle.db, last, former, "moderator");
    expect(await outcome(revokeRole(handle.db, former, last))).toBe("403 FORBIDDEN");
    await revokeRole(handle.db, last, former);
    expect(await auditsOf(former)).toEqual(["staff.grant", "staff.revoke"]);

    // An environment admin may demote and revoke the last console admin: the environment admin remains.
    const env = addr(0xe4a);
    process.env.ADMIN_ADDRESSES = env.toUpperCase().replace("0X", "0x");
    resetConfigForTests();
    await grantRole(handle.db, env, last, "moderator");
    expect(await rolesOf(handle.db, last)).toEqual(["moderator"]);
    await revokeRole(handle.db, env, last);
    expect(await rolesOf(handle.db, last)).toEqual([]);
    expect(await auditsOf(last)).toEqual(["staff.grant", "staff.revoke"]);
    expect(await admins()).toBe(1);
  });

  it("answers 409 CONFLICT naming the variable for an environment operator (no change claimed), and still revokes a console grant they also hold", async () => {
    const admin = addr(0xe5a);
    const moderator = addr(0xe5b);
    process.env.ADMIN_ADDRESSES = admin;
    process.env.MODERATOR_ADDRESSES = moderator.toUpperCase().replace("0X", "0x");
    resetConfigForTests();
    let refused: unknown = null;
    try {
      await revokeRole(handle.db, admin, moderator);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      status: 409,
      code: "CONFLICT",
      message: "This operator is set in the environment (MODERATOR_ADDRESSES); remove it there and restart.",
    });
    const other = addr(0xe5c);
    await consoleAdmins(other);
    await expect(revokeRole(handle.db, other, admin)).rejects.toThrow(
      "This operator is set in the environment (ADMIN_ADDRESSES); remove it there and restart.",
    );
    expect(await rolesOf(handle.db, moderator)).toEqual(["moderator"]);
    expect(await auditsOf(moderator)).toEqual([]);
    expect(await auditsOf(admin)).toEqual([]);

    // A console grant on top of the environment role is a real change: revoked and audited.
    await grantRole(handle.db, admin, moderator, "admin");
    await revokeRole(handle.db, admin, moderator);
    expect(await auditsOf(moderator)).toEqual(["staff.grant", "staff.revoke"]);
    expect(await rolesOf(handle.db, moderator)).toEqual(["moderator"]);
    // Revoking a role nobody holds stays a quiet no-op.
    expect(await outcome(revokeRole(handle.db, admin, addr(0xe5d)))).toBe("200");
  });

  it("two admins revoking each other at once: exactly one succeeds, the other gets 403, an admin remains", async () => {
    const b = addr(0x5b1);
    const c = addr(0x5c1);
    // With an environment admin too: the "an admin remains" count alone let both revokes through.
    for (const env of [null, addr(0xe4b)]) {
      if (env) process.env.ADMIN_ADDRESSES = env;
      resetConfigForTests();
      for (let round = 0; round < 5; round++) {
        await handle.db.delete(staffRoles);
        await consoleAdmins(b, c);
        // Both requests passed the route layer's role check before either write.
        const outcomes = await Promise.all([
          outcome(revokeRole(handle.db, b, c)),
          outcome(revokeRole(handle.db, c, b)),
        ]);
        expect(outcomes.sort()).toEqual(["200", "403 FORBIDDEN"]);
        expect(await admins()).toBe(env ? 2 : 1);
      }
    }
    delete process.env.ADMIN_ADDRESSES;
    resetConfigForTests();
    const before = (await auditsOf(b)).length + (await auditsOf(c)).length;
    expect(before).toBe(10);
    // The same through demotions (POST /api/admin/staff {role: moderator}), and a demotion against a revoke.
    for (const race of [
      () => [grantRole(handle.db, b, c, "moderator"), grantRole(handle.db, c, b, "moderator")],
      () => [grantRole(handle.db, b, c, "moderator"), revokeRole(handle.db, c, b)],
    ]) {
      await handle.db.delete(staffRoles);
      await consoleAdmins(b, c);
      expect((await Promise.all(race().map(outcome))).sort()).toEqual(["200", "403 FORBIDDEN"]);
      expect(await admins()).toBe(1);
    }
    // One audit entry per change made, none for a refused one.
    expect([...(await auditsOf(b)), ...(await auditsOf(c))]).toHaveLength(before + 2);
  });
});
