import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { TestnetPage } from "@/features/testnet";
import { getChainStatus } from "@/features/testnet/server";
import { ROUTES } from "@/lib/routes";
import { publicConfig } from "@/server/public-config";
import { isSignedInShellRender } from "@/server/shell-page";

export function generateMetadata(): Metadata {
  return { title: `${publicConfig().productName} Testnet` };
}

export default async function Testnet() {
  // The signed-in shell (src/server/shell-render.ts) is rendered without a session; the HTTP entry
  // serves it only to visitors whose session it has checked.
  if (!(await isSignedInShellRender())) await requirePageSession(ROUTES.testnet.path);
  return <TestnetPage settings={publicConfig()} initialStatus={await getChainStatus()} />;
}
