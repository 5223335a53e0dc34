import type { ReactNode } from "react";
import { WalletBoundary } from "@/wallet-modal/WalletBoundary";

/**
 * TanStack Query for the airdrop console (see WalletBoundary). When the console layout
 * (src/app/admin/layout.tsx) provides it for every console page, this layout can go.
 */
export default function Layout({ children }: { children: ReactNode }) {
  return <WalletBoundary>{children}</WalletBoundary>;
}
