import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { getTokenList } from "@/features/tokens/server";
import { WalletPage } from "@/features/wallet";
import { loadWalletPage, walletKnownContracts } from "@/features/wallet/server";
import { ROUTES } from "@/lib/routes";
import { publicConfig } from "@/server/public-config";
import { isSignedInShellRender } from "@/server/shell-page";

export const metadata: Metadata = { title: "Wallet" };

export default async function Wallet() {
  // The signed-in shell (src/server/shell-render.ts) is rendered without a session: the header and
  // skeletons; the HTTP entry adds the visitor's address and receive QR (the same loadWalletPage).
  const shell = await isSignedInShellRender();
  const settings = publicConfig();
  const [contracts, user] = await Promise.all([
    walletKnownContracts(),
    shell ? null : requirePageSession(ROUTES.wallet.path).then(loadWalletPage),
  ]);
  const common = {
    tokens: getTokenList(),
    contracts,
    chainId: settings.chainId,
    networkName: `${settings.productName} Testnet`,
    explorerUrl: settings.explorerUrl,
  };
  return user ? <WalletPage {...common} initial={user} /> : <WalletPage {...common} fromDocument />;
}
