import type { Metadata } from "next";
import { ParticipantsScreen } from "@/features/admin";
import { requireConsoleViewer } from "@/features/admin/server";
import { PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Participants" };

export default async function AdminParticipantsPage() {
  await requireConsoleViewer(["moderator"]);
  return (
    <>
      <PageHeader
        title="Participants"
        description="Find a participant by address, referral code or name and open their profile."
      />
      <ParticipantsScreen />
    </>
  );
}
