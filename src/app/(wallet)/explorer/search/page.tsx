import { notFound, redirect } from "next/navigation";
import { searchTarget } from "@/features/explorer";

export const dynamic = "force-dynamic";

export default async function Search({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  const { q } = await searchParams;
  const target = typeof q === "string" ? searchTarget(q) : null;
  if (!target) notFound();
  redirect(target);
}
