import type { Metadata } from "next";
import { AirdropPage } from "@/features/airdrop";
import { requirePageSession } from "@/features/auth/server";
import { ROUTES } from "@/lib/routes";
import { publicConfig } from "@/server/public-config";

export const metadata: Metadata = { title: "Airdrop" };

export default async function Airdrop() {
  const session = await requirePageSession(ROUTES.airdrop.path);
  const settings = publicConfig();
  return (
    <AirdropPage
      env={{ chainId: settings.chainId, explorerUrl: settings.explorerUrl }}
      address={session.address}
    />
  );
}
