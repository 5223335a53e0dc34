"use client";

import { Tabs } from "radix-ui";
import { Suspense } from "react";
import { RecentTransactions, useAccountContext } from "@/wallet-modal";
import { ActivityList } from "./ActivityList";
import { TokenBalanceList } from "./TokenBalanceList";

/**
 * NFTs shows only when the chain has an NFT collection: our testnet deployment has none (contracts/
 * holds no ERC-721), so the tab is hidden rather than permanently empty (the seed's tab list otherwise).
 */
export const NFT_COLLECTIONS: readonly string[] = [];
const TABS = [
  "Tokens",
  ...(NFT_COLLECTIONS.length > 0 ? (["NFTs"] as const) : []),
  "Activity",
  "Recent",
] as const;

/**
 * The wallet modal's account tabs (the seed's Tokens / NFTs / Activity), on the same queries as
 * /wallet so both share one cache. The root layout hands them to WalletProvider as a slot.
 */
export function AccountTabsContent() {
  const { address, testnetName, chainId, explorerUrl } = useAccountContext();
  if (!address) return null;
  return (
    <Tabs.Root defaultValue="Tokens" className="rounded-control border border-border">
      <Tabs.List aria-label="Account" className="grid grid-flow-col auto-cols-fr border-b border-border">
        {TABS.map((tab) => (
          <Tabs.Trigger
            key={tab}
            value={tab}
            className="px-2 py-2 text-muted hover:text-text data-[state=active]:border-b-2 data-[state=active]:border-gold data-[state=active]:text-text"
          >
            {tab}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <div className="max-h-64 overflow-y-auto px-3">
        <Tabs.Content value="Tokens">
          <TokenBalanceList address={address} compact />
        </Tabs.Content>
        <Tabs.Content value="NFTs">
          <p className="py-6 text-center text-muted" data-testid="account-nfts-empty">
            There are no NFT collections on the {testnetName} yet, so there is nothing to show here.
          </p>
        </Tabs.Content>
        <Tabs.Content value="Activity">
          <ActivityList address={address} />
        </Tabs.Content>
        <Tabs.Content value="Recent">
          <Suspense fallback={<div className="my-3 h-10 animate-pulse rounded-control bg-raised" />}>
            <RecentTransactions chainId={chainId} explorerUrl={explorerUrl} />
          </Suspense>
        </Tabs.Content>
      </div>
    </Tabs.Root>
  );
}
