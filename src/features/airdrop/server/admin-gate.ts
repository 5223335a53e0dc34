import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { getCurrentSession, hasRole, rolesOf } from "@/features/auth/server";
import { pointsTiers } from "@/features/points/server";

/**
 * For the console page: the admin's address, or the 404 page for anyone else (the console layout
 * gates too; a page never relies on it alone, and a non-admin learns nothing about the console).
 */
export async function requireAdminPage(): Promise<string> {
  const session = await getCurrentSession();
  if (!session) notFound();
  const roles = await rolesOf(await getDb(), session.address);
  if (!hasRole(roles, ["admin"])) notFound();
  return session.address;
}

/** The tier names a new round's multipliers may name: the points tiers in force (what createRound accepts). */
export async function roundFormTierNames(): Promise<string[]> {
  return (await pointsTiers(await getDb())).map((t) => t.name);
}
