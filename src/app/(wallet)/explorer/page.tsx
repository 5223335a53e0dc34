import type { Metadata } from "next";
import { ExplorerHomePage } from "@/features/explorer";
import { getExplorerHome } from "@/features/explorer/server";
import { requestLocale } from "@/server/locale";
import { publicConfig } from "@/server/public-config";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Explorer" };

export default async function Explorer() {
  const { productName } = publicConfig();
  return (
    <ExplorerHomePage
      home={await getExplorerHome()}
      networkName={`${productName} Testnet`}
      locale={await requestLocale()}
    />
  );
}
