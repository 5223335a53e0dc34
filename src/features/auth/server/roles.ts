import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { staffRoles } from "@/db/schema";
import { config } from "@/server/config";

/** Operator roles (docs/ARCHITECTURE.md, "Roles and audit"): `admin` may do everything. */
export const ROLES = ["admin", "moderator"] as const;
export type Role = (typeof ROLES)[number];

/**
 * The roles of an address: ADMIN_ADDRESSES / MODERATOR_ADDRESSES from the environment (they cannot
 * be revoked from the console, so an operator can never lock themselves out) plus live grants made
 * in the console.
 */
export async function rolesOf(db: Db, address: string): Promise<Role[]> {
  const a = address.toLowerCase();
  const c = config();
  const roles = new Set<Role>();
  if (c.ADMIN_ADDRESSES.some((x) => x.toLowerCase() === a)) roles.add("admin");
  if (c.MODERATOR_ADDRESSES.some((x) => x.toLowerCase() === a)) roles.add("moderator");
  const rows = await db
    .select({ role: staffRoles.role })
    .from(staffRoles)
    .where(and(eq(staffRoles.address, a), isNull(staffRoles.revokedAt)));
  for (const row of rows) if ((ROLES as readonly string[]).includes(row.role)) roles.add(row.role as Role);
  return [...roles];
}

/** True when `held` satisfies a route's `roles` list: any listed role, and `admin` satisfies all. */
export function hasRole(held: readonly Role[], allowed: readonly Role[]): boolean {
  return held.includes("admin") || allowed.some((r) => held.includes(r));
}
