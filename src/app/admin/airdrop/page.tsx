import type { Metadata } from "next";
import { AdminAirdrop } from "@/features/airdrop/admin";
import { requireAdminPage } from "@/features/airdrop/server";
import { config } from "@/server/config";

export const metadata: Metadata = { title: "Airdrop rounds" };

export default async function AdminAirdropPage() {
  await requireAdminPage();
  return <AdminAirdrop tiers={config().POINTS_TIERS.map((t) => t.name)} />;
}
