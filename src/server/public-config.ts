import fs from "node:fs";
import path from "node:path";
import { config } from "./config";

/** What the browser may know of the configuration; passed from the server layout to client providers. */
export type PublicConfig = {
  productName: string;
  nativeCurrencyName: string;
  nativeSymbol: string;
  chainId: number;
  rpcUrl: string;
  explorerUrl: string;
  walletConnectProjectId: string | null;
  /** Ask for an email after sign-in (the wallet modal's DataCapture). */
  emailCapture: "off" | "optional" | "required";
  /** ERC-721 collections for the Account view's NFTs tab (NFT_COLLECTIONS); empty hides the tab. */
  nftCollections: string[];
  /** WALLET_EXCLUDE: also hides installed wallets in the modal (the registry is filtered on the server). */
  walletExclude: string[];
  buildId: string;
  /** Names are `label.namesZone` (issue 16). */
  namesZone: string;
};

export function publicConfig(): PublicConfig {
  const c = config();
  return {
    productName: c.PRODUCT_NAME,
    nativeCurrencyName: c.nativeCurrencyName,
    nativeSymbol: c.NATIVE_SYMBOL,
    chainId: c.TESTNET_CHAIN_ID,
    rpcUrl: c.publicRpcUrl,
    explorerUrl: c.explorerUrl,
    walletConnectProjectId: c.WALLETCONNECT_PROJECT_ID ?? null,
    emailCapture: c.EMAIL_CAPTURE,
    nftCollections: c.NFT_COLLECTIONS,
    walletExclude: c.WALLET_EXCLUDE,
    buildId: buildId(),
    namesZone: c.namesZone,
  };
}

let cachedBuildId: string | undefined;

/** The id of the running Next.js build (changes on every deploy; drives version polling). */
export function buildId(): string {
  if (cachedBuildId) return cachedBuildId;
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  try {
    cachedBuildId = fs.readFileSync(path.join(process.cwd(), distDir, "BUILD_ID"), "utf8").trim();
  } catch {
    cachedBuildId = "development";
  }
  return cachedBuildId;
}
