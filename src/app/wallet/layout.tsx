import type { ReactNode } from "react";
import { WalletBoundary } from "@/wallet-modal/WalletBoundary";

/** wagmi + TanStack Query for this section (the landing page does without; see WalletBoundary). */
export default function Layout({ children }: { children: ReactNode }) {
  return <WalletBoundary>{children}</WalletBoundary>;
}
