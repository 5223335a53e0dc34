import type { ComponentType } from "react";
import type { ViewData, ViewName } from "../state/views";
import { AccountView } from "../views/Account";
import { AllWalletsView } from "../views/AllWallets";
import { ConnectView } from "../views/Connect";
import { ConnectingExternalView } from "../views/ConnectingExternal";
import { DataCaptureView } from "../views/DataCapture";
import { OpenWalletView } from "../views/OpenWallet";
import { ProfileWalletsView } from "../views/ProfileWallets";
import { SIWXSignMessageView } from "../views/SIWXSignMessage";
import { SwitchNetworkView } from "../views/SwitchNetwork";
import { UnsupportedChainView } from "../views/UnsupportedChain";

export type ViewSpec = { title: string | ((data: ViewData | undefined) => string); Component: ComponentType };

/** The view registry: every view name has its title and component (the compiler checks none is missing). */
export const VIEW_REGISTRY = {
  Connect: { title: "Connect a wallet", Component: ConnectView },
  AllWallets: { title: "All wallets", Component: AllWalletsView },
  OpenWallet: { title: (d) => d?.wallet?.name ?? "Wallet", Component: OpenWalletView },
  ConnectingExternal: { title: "Connecting", Component: ConnectingExternalView },
  SIWXSignMessage: { title: "Sign in", Component: SIWXSignMessageView },
  DataCapture: { title: "Your email", Component: DataCaptureView },
  Account: { title: "Account", Component: AccountView },
  ProfileWallets: { title: "Your wallets", Component: ProfileWalletsView },
  SwitchNetwork: { title: "Switch network", Component: SwitchNetworkView },
  UnsupportedChain: { title: "Unsupported network", Component: UnsupportedChainView },
} as const satisfies Record<ViewName, ViewSpec>;

export function viewTitle(view: ViewName, data: ViewData | undefined): string {
  const spec: ViewSpec = VIEW_REGISTRY[view];
  return typeof spec.title === "function" ? spec.title(data) : spec.title;
}
