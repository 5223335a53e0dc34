import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AddressPage, isExplorerAddress } from "@/features/explorer";
import { getAddressView } from "@/features/explorer/server";
import { requestLocale } from "@/server/locale";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Address" };

export default async function Address({
  params,
  searchParams,
}: {
  params: Promise<{ address: string }>;
  searchParams: Promise<{ cursor?: string | string[] }>;
}) {
  // Next has already decoded the segment once; decoding it again turned "%25zz" ("%zz") into a
  // URIError (a 500) instead of this 404, and would read "%2541" as "A".
  const { address } = await params;
  if (!isExplorerAddress(address)) notFound();
  const { cursor } = await searchParams;
  const c = typeof cursor === "string" ? cursor : null;
  return <AddressPage view={await getAddressView(address, c)} cursor={c} locale={await requestLocale()} />;
}
