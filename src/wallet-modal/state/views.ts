import type { WalletListing } from "../registry/listing";

/**
 * The modal's views (names from the seed, plus OpenWallet for wallets reached by link). One file per
 * view in `../views/`; the modal's registry (modal/views.ts) maps each name to its title and component.
 */
export const VIEWS = [
  "Connect",
  "AllWallets",
  "OpenWallet",
  "ConnectingExternal",
  "ConnectingWalletConnect",
  "ConnectingWalletConnectBasic",
  "SIWXSignMessage",
  "DataCapture",
  "Account",
  "ProfileWallets",
  "SwitchNetwork",
  "UnsupportedChain",
  "RegisterAccountName",
  "RegisterAccountNameSuccess",
] as const;

export type ViewName = (typeof VIEWS)[number];

/** Per-view data, e.g. which connector ConnectingExternal is waiting for. */
export type ViewData = {
  /** ConnectingExternal: the wagmi connector uid. */
  connectorUid?: string;
  /** SwitchNetwork: the chain to switch to. */
  chainId?: number;
  /** RegisterAccountName: a name to start from; RegisterAccountNameSuccess: the name registered. */
  name?: string;
  /** OpenWallet: the registry entry to open (phone) or install (desktop); ConnectingWalletConnect: the wallet to pair. */
  wallet?: WalletListing;
  /** Connect: why the user is back here (the seed's SIWX init failure: disconnected, shown on Connect). */
  notice?: { title: string; detail: string };
  /** DataCapture: the saved email could not be read, so even a required step can be left (nothing can be saved). */
  emailUnavailable?: boolean;
};

export type ViewEntry = { view: ViewName; data?: ViewData };
