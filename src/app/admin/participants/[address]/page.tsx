import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ParticipantProfile } from "@/features/admin";
import { requireConsoleViewer } from "@/features/admin/server";
import { PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Participant" };

export default async function AdminParticipantPage({ params }: { params: Promise<{ address: string }> }) {
  const { isAdmin } = await requireConsoleViewer(["moderator"]);
  const { address } = await params;
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) notFound();
  return (
    <>
      <PageHeader
        title={<span className="font-id text-lg break-all sm:text-2xl">{address.toLowerCase()}</span>}
        description="Points, tasks, faucet claims, referrals and sessions of one participant."
      />
      <ParticipantProfile address={address.toLowerCase()} canAdjust={isAdmin} />
    </>
  );
}
