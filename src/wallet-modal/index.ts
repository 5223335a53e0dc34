// Public API of the wallet modal (docs/ARCHITECTURE.md, "Wallet modal"): everything else in this
// folder is internal.
import { lazy } from "react";

export { ConnectButton } from "./ConnectButton";
export { Blockie } from "./components/Blockie";
export { useAccountContext, useMounted, useSessionAddress, useWalletModal } from "./context";
export { formatBalance, shortenAddress } from "./lib/format";
export { NetworkBadge } from "./NetworkBadge";
export { recordTransaction } from "./state/transactions";
export { WalletBoundary } from "./WalletBoundary";
export { WalletProvider, type WalletProviderProps } from "./WalletProvider";
/** This browser's recent transactions (the Account view's "Recent" tab), loaded when shown. */
export const RecentTransactions = lazy(() => import("./views/RecentTransactions"));
