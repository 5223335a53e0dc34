import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { ProfilePage } from "@/features/profile";

export const metadata: Metadata = { title: "Profile" };

export default async function Profile({ searchParams }: { searchParams: Promise<{ email?: string }> }) {
  const session = await requirePageSession("/wallet/profile");
  const { email } = await searchParams;
  return (
    <ProfilePage
      address={session.address}
      outcome={email === "verified" || email === "invalid" ? email : null}
    />
  );
}
