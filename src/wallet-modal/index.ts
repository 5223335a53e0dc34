// Public API of the wallet modal (docs/ARCHITECTURE.md, "Wallet modal"): everything else in this
// folder is internal.
import { lazy } from "react";

export { useAccountContext, useMounted, useSessionAddress, useWalletModal } from "./context";
/** This browser's recent transactions (the Account view's "Recent" tab), loaded when shown. */
export const RecentTransactions = lazy(() => import("./views/RecentTransactions"));
