import type { ReactNode } from "react";
import { WalletBoundary } from "@/wallet-modal/WalletBoundary";

/**
 * The one layout of every page that reads the chain (the `(wallet)` route group; URLs unchanged):
 * wagmi + TanStack Query for the section. The landing page lives outside the group and does without
 * (see WalletBoundary).
 */
export default function WalletLayout({ children }: { children: ReactNode }) {
  return <WalletBoundary>{children}</WalletBoundary>;
}
