import type { Metadata } from "next";
import { ComingSoon } from "@/features/app-shell";
import { requirePageSession } from "@/features/auth";
import { ROUTES } from "@/lib/routes";

export const metadata: Metadata = { title: "Airdrop" };

export default async function AirdropPage() {
  await requirePageSession(ROUTES.airdrop.path);
  return (
    <ComingSoon
      title="Airdrop"
      description="Check whether your address is eligible and claim your airdrop."
    />
  );
}
