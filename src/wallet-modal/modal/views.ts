import { type ComponentType, createElement } from "react";
import type { WalletSettings } from "../config";
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
import { type LazyView, lazyView } from "./lazy-view";

export type ViewSpec = {
  title: string | ((data: ViewData | undefined) => string);
  Component: ComponentType | LazyView;
};

/**
 * The view registry: every view name has its title and component (the compiler checks none is missing).
 * Views a first open does not need (the wallet list, wallet links, several accounts, the email form
 * with its form library and zod) are their own chunks, fetched when shown or when likely next
 * (preloadNextViews): opening the modal stays light.
 */
export const VIEW_REGISTRY = {
  Connect: { title: "Connect a wallet", Component: ConnectView },
  AllWallets: {
    title: "All wallets",
    Component: lazyView(() => import("../views/AllWallets").then((m) => m.AllWalletsView)),
  },
  OpenWallet: {
    title: (d) => d?.wallet?.name ?? "Wallet",
    Component: lazyView(() => import("../views/OpenWallet").then((m) => m.OpenWalletView)),
  },
  ConnectingExternal: { title: "Connecting", Component: ConnectingExternalView },
  ConnectingWalletConnect: {
    title: (d) => d?.wallet?.name ?? "WalletConnect",
    Component: lazyView(() =>
      loadWalletConnectViews().then((m) => m?.ConnectingWalletConnectView ?? WalletConnectOff),
    ),
  },
  ConnectingWalletConnectBasic: {
    title: "WalletConnect",
    Component: lazyView(() =>
      loadWalletConnectViews().then((m) => m?.ConnectingWalletConnectBasicView ?? WalletConnectOff),
    ),
  },
  SIWXSignMessage: { title: "Sign in", Component: SIWXSignMessageView },
  DataCapture: {
    title: "Your email",
    Component: lazyView(() => import("../views/DataCapture").then((m) => m.DataCaptureView)),
  },
  Account: { title: "Account", Component: AccountView },
  ProfileWallets: {
    title: "Your wallets",
    Component: lazyView(() => import("../views/ProfileWallets").then((m) => m.ProfileWalletsView)),
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

/**
 * The lazy views a person may open next from each view: fetched while they read this one (each ~2 KB
 * gzip). Not All wallets from Connect (~9 KB): most people pick a wallet this browser announced.
 */
const NEXT_VIEWS: Partial<Record<ViewName, readonly ViewName[]>> = {
  AllWallets: ["OpenWallet"],
  Account: ["ProfileWallets"],
  SIWXSignMessage: ["DataCapture"],
};

export function preloadNextViews(view: ViewName, { emailCapture }: Pick<WalletSettings, "emailCapture">) {
  for (const name of NEXT_VIEWS[view] ?? []) {
    // The email step follows a sign-in only where the operator turned it on.
    if (name === "DataCapture" && emailCapture === "off") continue;
    const { Component }: ViewSpec = VIEW_REGISTRY[name];
    if ("preload" in Component) Component.preload();
  }
}

export function viewTitle(view: ViewName, data: ViewData | undefined): string {
  const spec: ViewSpec = VIEW_REGISTRY[view];
  return typeof spec.title === "function" ? spec.title(data) : spec.title;
}
