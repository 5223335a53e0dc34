import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { FriendsPanel } from "@/features/referrals";
import { loadFriendsPage } from "@/features/referrals/server";
import { ROUTES } from "@/lib/routes";
import { PageContainer, PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Friends" };
export const dynamic = "force-dynamic";

export default async function FriendsPage() {
  const session = await requirePageSession(ROUTES.friends.path);
  const { me, qrSvg } = await loadFriendsPage(session.userId);
  return (
    <PageContainer>
      <PageHeader
        title="Friends"
        description="Invite friends with your link and earn a share of the points they earn."
      />
      <FriendsPanel initial={me} qrSvg={qrSvg} />
    </PageContainer>
  );
}
