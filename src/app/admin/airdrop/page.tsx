import type { Metadata } from "next";
import { AdminAirdrop } from "@/features/airdrop/admin";
import { requireAdminPage, roundFormTierNames } from "@/features/airdrop/server";

export const metadata: Metadata = { title: "Airdrop rounds" };

export default async function AdminAirdropPage() {
  await requireAdminPage();
  return <AdminAirdrop tiers={await roundFormTierNames()} />;
}
