import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { getCurrentSession, type Role, rolesOf, type Session } from "@/features/auth/server";

export type ConsoleViewer = { session: Session; roles: Role[]; isAdmin: boolean };

/**
 * The console pages' gate: a live SIWE session whose address holds `admin` or `moderator`.
 * Anyone else gets notFound() (404), so the console's existence is not revealed; the API under
 * /api/admin answers 403 through the route layer's `roles` instead.
 */
export async function requireConsoleViewer(
  need: readonly Role[] = ["admin", "moderator"],
): Promise<ConsoleViewer> {
  const session = await getCurrentSession();
  if (!session) notFound();
  const roles = await rolesOf(await getDb(), session.address);
  const isAdmin = roles.includes("admin");
  if (!isAdmin && !need.some((r) => roles.includes(r))) notFound();
  return { session, roles, isAdmin };
}
