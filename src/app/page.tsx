import type { Metadata } from "next";
import { LandingPage } from "@/features/landing";
import { LiveFigures } from "@/features/landing/server";
import { publicConfig } from "@/server/public-config";

export function generateMetadata(): Metadata {
  const { productName } = publicConfig();
  return {
    title: `${productName} Testnet campaign`,
    description: `Try the ${productName} Testnet: faucet, swaps, staking, tasks, referrals and the airdrop.`,
  };
}

// Live figures (block, participants) must be read per request, never baked in at build time.
export const dynamic = "force-dynamic";

export default function Home() {
  const settings = publicConfig();
  return <LandingPage settings={settings} figures={<LiveFigures chainId={settings.chainId} />} />;
}
