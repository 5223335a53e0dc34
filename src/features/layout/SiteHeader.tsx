import type { Address } from "viem";
import { PageLink } from "@/ui";
import { ConnectButton } from "@/wallet-modal/ConnectButton";
import { NetworkBadge } from "@/wallet-modal/NetworkBadge";
import { Logo } from "./Logo";
import { MobileMenu } from "./MobileMenu";
import { NavLinks } from "./NavLinks";

/** The header on every page: brand, navigation, network badge and the wallet button. */
export function SiteHeader({
  productName,
  sessionAddress,
}: {
  productName: string;
  sessionAddress: Address | null;
}) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-bg/90 backdrop-blur">
      <div className="relative mx-auto flex h-16 max-w-[1600px] items-center gap-3 px-4 sm:px-6">
        <PageLink href="/" className="flex shrink-0 items-center gap-2 font-semibold tracking-tight">
          <Logo productName={productName} />
          {/* Phones keep the coin only (room for the network badge); the name stays for screen readers. */}
          <span className="text-lg max-sm:sr-only">{productName}</span>
        </PageLink>
        <nav aria-label="Main" className="ml-4 hidden flex-1 lg:block">
          <NavLinks />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {/* On phones too (issue 18 item 11): which chain the wallet is on, or "Wrong network". */}
          {/* Below 400 px only the coloured dot shows (the name is still read out). */}
          <NetworkBadge className="whitespace-nowrap max-sm:gap-1.5 max-sm:px-2 max-sm:text-xs max-[400px]:gap-0 max-[400px]:text-[0px]" />
          <ConnectButton sessionAddress={sessionAddress} />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
