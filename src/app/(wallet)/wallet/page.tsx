import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { getTokenList } from "@/features/tokens/server";
import { WalletPage } from "@/features/wallet";
import { walletKnownContracts, walletReceiveQr } from "@/features/wallet/server";
import { ROUTES } from "@/lib/routes";
import { publicConfig } from "@/server/public-config";

export const metadata: Metadata = { title: "Wallet" };

export default async function Wallet() {
  const session = await requirePageSession(ROUTES.wallet.path);
  const settings = publicConfig();
  const [contracts, receiveQr] = await Promise.all([
    walletKnownContracts(),
    walletReceiveQr(session.address),
  ]);
  return (
    <WalletPage
      address={session.address}
      tokens={getTokenList()}
      contracts={contracts}
      receiveQr={receiveQr}
      chainId={settings.chainId}
      networkName={`${settings.productName} Testnet`}
      explorerUrl={settings.explorerUrl}
    />
  );
}
