import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { staffRoles } from "@/db/schema";
import { rolesOf } from "@/features/auth/server";
import { namesFor } from "@/features/names/server";
import { recordAudit } from "@/server/audit";
import { config } from "@/server/config";
import { badRequest, conflict, forbidden } from "@/server/errors";
import type { StaffList } from "./responses";

// Staff roles in the console. Environment operators (ADMIN_ADDRESSES / MODERATOR_ADDRESSES) are
// listed but cannot be revoked here (features/auth/server/roles.ts). Nobody changes their own role,
// and only a current admin changes anyone's, so no change leaves the console without an admin.

export async function listStaff(db: Db): Promise<StaffList> {
  const c = config();
  const rows = await db
    .select()
    .from(staffRoles)
    .where(isNull(staffRoles.revokedAt))
    .orderBy(staffRoles.grantedAt);
  const staff = [
    ...c.ADMIN_ADDRESSES.map((a) => ({
      address: a.toLowerCase(),
      role: "admin" as const,
      source: "environment" as const,
      grantedBy: null,
      grantedAt: null,
    })),
    ...c.MODERATOR_ADDRESSES.map((a) => ({
      address: a.toLowerCase(),
      role: "moderator" as const,
      source: "environment" as const,
      grantedBy: null,
      grantedAt: null,
    })),
    ...rows.map((r) => ({
      address: r.address,
      role: r.role as "admin" | "moderator",
      source: "console" as const,
      grantedBy: r.grantedBy,
      grantedAt: r.grantedAt.toISOString(),
    })),
  ];
  const names = await namesFor(
    db,
    staff.map((s) => s.address),
  );
  return { staff: staff.map((s) => ({ ...s, name: names.get(s.address) ?? null })) };
}

/**
 * Serialises every staff change: a transaction-scoped advisory lock, as the faucet's caps take
 * (features/faucet/server/claims.ts). Two admins revoking (or demoting) each other at once both
 * passed the route's role check; under the lock the second one sees the first one's commit.
 * (On PGlite, one connection, transactions never overlap.)
 */
async function lockStaff(t: Db): Promise<void> {
  await t.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('aurum-staff-roles', 0))`);
}

/**
 * 403 unless `actor` is still an admin, read under `lockStaff`: the route checked the role before
 * the lock, and a racing change may have taken it since. This is also what keeps an admin: the
 * actor is one and never the target (nobody changes their own role), so every change that passes
 * leaves at least the actor.
 */
async function assertStillAdmin(t: Db, actor: string): Promise<void> {
  if (!(await rolesOf(t, actor)).includes("admin")) {
    throw forbidden("Your admin role was revoked: only an admin can change staff roles.");
  }
}

export async function grantRole(db: Db, actor: string, address: string, role: "admin" | "moderator") {
  const a = address.toLowerCase();
  if (a === actor.toLowerCase()) throw badRequest("You cannot change your own role.", "INVALID_INPUT");
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockStaff(t);
    await assertStillAdmin(t, actor);
    const [prior] = await t.select().from(staffRoles).where(eq(staffRoles.address, a));
    await t
      .insert(staffRoles)
      .values({ address: a, role, grantedBy: actor.toLowerCase() })
      .onConflictDoUpdate({
        target: staffRoles.address,
        set: { role, grantedBy: actor.toLowerCase(), grantedAt: sql`now()`, revokedAt: null },
      });
    await recordAudit(t, { actor, action: "staff.grant", target: a, before: prior ?? null, after: { role } });
  });
}

/** The environment variables that make `address` an operator (ADMIN_ADDRESSES, MODERATOR_ADDRESSES). */
function environmentListsOf(address: string): string[] {
  const c = config();
  const has = (list: readonly string[]) => list.some((x) => x.toLowerCase() === address);
  return [
    ...(has(c.ADMIN_ADDRESSES) ? ["ADMIN_ADDRESSES"] : []),
    ...(has(c.MODERATOR_ADDRESSES) ? ["MODERATOR_ADDRESSES"] : []),
  ];
}

/**
 * Revokes a console-granted role (audited as `staff.revoke`). An operator set in the environment
 * with no console grant is a 409 CONFLICT naming the variable: nothing here can take that role, and
 * answering `{revoked: true}` would claim a change that did not happen. One with a console grant too
 * loses the grant (that is a change, audited) and keeps the environment role.
 */
export async function revokeRole(db: Db, actor: string, address: string) {
  const a = address.toLowerCase();
  if (a === actor.toLowerCase()) throw badRequest("You cannot revoke your own role.", "INVALID_INPUT");
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockStaff(t);
    await assertStillAdmin(t, actor);
    const [prior] = await t
      .select()
      .from(staffRoles)
      .where(and(eq(staffRoles.address, a), isNull(staffRoles.revokedAt)));
    if (!prior) {
      const lists = environmentListsOf(a);
      if (lists.length)
        throw conflict(
          `This operator is set in the environment (${lists.join(", ")}); remove it there and restart.`,
          "CONFLICT",
        );
      return;
    }
    await t.update(staffRoles).set({ revokedAt: sql`now()` }).where(eq(staffRoles.address, a));
    await recordAudit(t, {
      actor,
      action: "staff.revoke",
      target: a,
      before: { role: prior.role },
      after: null,
    });
  });
}
