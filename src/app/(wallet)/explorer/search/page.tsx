import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SearchNoMatch, searchTarget } from "@/features/explorer";
import { addressOfName } from "@/features/names/server";
import { ROUTES } from "@/lib/routes";
import { safeRedirectPath } from "@/lib/safe-redirect";
import { config } from "@/server/config";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Explorer search" };

export default async function Search({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  const { q } = await searchParams;
  let target = typeof q === "string" ? searchTarget(q) : null;
  // A registered name (`alice.aurum`) leads to its address page.
  if (!target && typeof q === "string") {
    const address = await addressOfName(q);
    if (address) target = `/explorer/address/${address}`;
  }
  // Nothing matched: say so on the search page itself, with examples (not a bare 404).
  if (!target) return <SearchNoMatch query={typeof q === "string" ? q : ""} />;
  // The target is built from the visitor's query: it goes through the one redirect rule.
  redirect(safeRedirectPath(target, config().origin, ROUTES.explorer.path));
}
