import type { WalletSettings } from "@/wallet-modal/config";

/** The wallet settings of a default Aurum testnet, for tests that build the app's wagmi config or its providers. */
export const SETTINGS = {
  productName: "Aurum",
  nativeCurrencyName: "Aurum",
  nativeSymbol: "AURUM",
  chainId: 99199,
  rpcUrl: "http://127.0.0.1:8545",
  explorerUrl: "http://localhost/explorer",
  walletConnectProjectId: null,
  emailCapture: "off",
  nftCollections: [],
  walletExclude: [],
  namesZone: "aurum",
} satisfies WalletSettings;
