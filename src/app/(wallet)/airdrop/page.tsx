import type { Metadata } from "next";
import { AirdropPage } from "@/features/airdrop";
import { requirePageSession } from "@/features/auth/server";
import { ROUTES } from "@/lib/routes";
import { publicConfig } from "@/server/public-config";
import { isSignedInShellRender } from "@/server/shell-page";

export const metadata: Metadata = { title: "Airdrop" };

export default async function Airdrop() {
  // The signed-in shell (src/server/shell-render.ts) is rendered without a session; the HTTP entry
  // serves it only to visitors whose session it has checked. The address is read on the client.
  if (!(await isSignedInShellRender())) await requirePageSession(ROUTES.airdrop.path);
  const settings = publicConfig();
  return <AirdropPage env={{ chainId: settings.chainId, explorerUrl: settings.explorerUrl }} />;
}
