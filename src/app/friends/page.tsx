import type { Metadata } from "next";
import { ComingSoon } from "@/features/app-shell";
import { requirePageSession } from "@/features/auth";

export const metadata: Metadata = { title: "Friends" };

export default async function FriendsPage() {
  await requirePageSession("/friends");
  return (
    <ComingSoon title="Friends" description="Invite friends with your referral link and follow who joined." />
  );
}
