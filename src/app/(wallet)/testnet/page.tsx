import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { TestnetPage } from "@/features/testnet";
import { getChainStatus } from "@/features/testnet/server";
import { ROUTES } from "@/lib/routes";
import { publicConfig } from "@/server/public-config";

export function generateMetadata(): Metadata {
  return { title: `${publicConfig().productName} Testnet` };
}

export default async function Testnet() {
  await requirePageSession(ROUTES.testnet.path);
  return <TestnetPage settings={publicConfig()} initialStatus={await getChainStatus()} />;
}
