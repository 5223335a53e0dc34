import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { FriendsPanel } from "@/features/referrals";
import { loadFriendsPage, loadReferralRules } from "@/features/referrals/server";
import { ROUTES } from "@/lib/routes";
import { isSignedInShellRender } from "@/server/shell-page";
import { PageContainer, PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Friends" };
export const dynamic = "force-dynamic";

export default async function FriendsPage() {
  // The signed-in shell (src/server/shell-render.ts) is rendered without a session: the rules with
  // skeletons for the user's part; the HTTP entry adds the visitor's data (the same
  // loadFriendsPage) per answer.
  const shell = await isSignedInShellRender();
  return (
    <PageContainer>
      <PageHeader
        title="Friends"
        description="Invite friends with your link and earn a share of the points they earn."
      />
      {shell ? (
        <FriendsPanel fromDocument rules={await loadReferralRules()} />
      ) : (
        <FriendsPanel initial={await loadFriendsPage(await requirePageSession(ROUTES.friends.path))} />
      )}
    </PageContainer>
  );
}
