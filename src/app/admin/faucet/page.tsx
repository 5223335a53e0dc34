import type { Metadata } from "next";
import { FaucetScreen } from "@/features/admin";
import { requireConsoleViewer } from "@/features/admin/server";
import { PageHeader } from "@/ui";

export const metadata: Metadata = { title: "Faucet" };

export default async function AdminFaucetPage() {
  await requireConsoleViewer(["admin"]);
  return (
    <>
      <PageHeader title="Faucet" description="The faucet's balances, its queue and the latest claims." />
      <FaucetScreen />
    </>
  );
}
