import { notFound, redirect } from "next/navigation";
import { searchTarget } from "@/features/explorer";
import { addressOfName } from "@/features/names/server";

export const dynamic = "force-dynamic";

export default async function Search({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  const { q } = await searchParams;
  let target = typeof q === "string" ? searchTarget(q) : null;
  // A registered name (`alice.aurum`) leads to its address page.
  if (!target && typeof q === "string") {
    const address = await addressOfName(q);
    if (address) target = `/explorer/address/${address}`;
  }
  if (!target) notFound();
  redirect(target);
}
