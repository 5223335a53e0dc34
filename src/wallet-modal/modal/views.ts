import { type ComponentType, createElement, type LazyExoticComponent, lazy } from "react";
import { loadWalletConnectViews } from "../lib/walletconnect-gate";
import type { ViewData, ViewName } from "../state/views";
import { AccountView } from "../views/Account";
import { ConnectView } from "../views/Connect";
import { ConnectingExternalView } from "../views/ConnectingExternal";
import { RegisterAccountNameView } from "../views/RegisterAccountName";
import { RegisterAccountNameSuccessView } from "../views/RegisterAccountNameSuccess";
import { SIWXSignMessageView } from "../views/SIWXSignMessage";
import { SwitchNetworkView } from "../views/SwitchNetwork";
import { UnsupportedChainView } from "../views/UnsupportedChain";

export type ViewSpec = {
  title: string | ((data: ViewData | undefined) => string);
  Component: ComponentType | LazyExoticComponent<ComponentType>;
};

/**
 * Views a first open does not need (the wallet list, wallet links, several accounts, the email form
 * with its form library and zod) are their own chunks, fetched when shown: opening the modal stays light.
 */
function lazyView<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

/** The view registry: every view name has its title and component (the compiler checks none is missing). */
export const VIEW_REGISTRY = {
  Connect: { title: "Connect a wallet", Component: ConnectView },
  AllWallets: {
    title: "All wallets",
    Component: lazyView(() => import("../views/AllWallets"), "AllWalletsView"),
  },
  OpenWallet: {
    title: (d) => d?.wallet?.name ?? "Wallet",
    Component: lazyView(() => import("../views/OpenWallet"), "OpenWalletView"),
  },
  ConnectingExternal: { title: "Connecting", Component: ConnectingExternalView },
  ConnectingWalletConnect: {
    title: (d) => d?.wallet?.name ?? "WalletConnect",
    Component: lazy(() =>
      loadWalletConnectViews().then((m) => ({ default: m?.ConnectingWalletConnectView ?? WalletConnectOff })),
    ),
  },
  ConnectingWalletConnectBasic: {
    title: "WalletConnect",
    Component: lazy(() =>
      loadWalletConnectViews().then((m) => ({
        default: m?.ConnectingWalletConnectBasicView ?? WalletConnectOff,
      })),
    ),
  },
  SIWXSignMessage: { title: "Sign in", Component: SIWXSignMessageView },
  DataCapture: {
    title: "Your email",
    Component: lazyView(() => import("../views/DataCapture"), "DataCaptureView"),
  },
  Account: { title: "Account", Component: AccountView },
  ProfileWallets: {
    title: "Your wallets",
    Component: lazyView(() => import("../views/ProfileWallets"), "ProfileWalletsView"),
  },
  SwitchNetwork: { title: "Switch network", Component: SwitchNetworkView },
  UnsupportedChain: { title: "Unsupported network", Component: UnsupportedChainView },
  RegisterAccountName: { title: "Choose a name", Component: RegisterAccountNameView },
  RegisterAccountNameSuccess: { title: "Name registered", Component: RegisterAccountNameSuccessView },
} as const satisfies Record<ViewName, ViewSpec>;

/** A build without the WalletConnect plug-in (never reached: nothing links to its views then). */
function WalletConnectOff() {
  return createElement(
    "p",
    { className: "text-sm text-muted" },
    "WalletConnect is not enabled on this portal.",
  );
}

export function viewTitle(view: ViewName, data: ViewData | undefined): string {
  const spec: ViewSpec = VIEW_REGISTRY[view];
  return typeof spec.title === "function" ? spec.title(data) : spec.title;
}
