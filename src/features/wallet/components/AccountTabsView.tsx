"use client";

import { Tabs } from "radix-ui";
import { Suspense } from "react";
import { RecentTransactions, useAccountContext } from "@/wallet-modal";
import { ActivityList } from "./ActivityList";
import { accountTabs } from "./account-tabs";
import { NftHoldings } from "./NftHoldings";
import { TokenBalanceList } from "./TokenBalanceList";

/**
 * The wallet modal's account tabs (the seed's Tokens / NFTs / Activity), on the same queries as
 * /wallet so both share one cache. The root layout hands them to WalletProvider as a slot.
 */
export function AccountTabsView() {
  const { address, chainId, explorerUrl, nftCollections } = useAccountContext();
  if (!address) return null;
  // NFTs only when the chain has an NFT collection (NFT_COLLECTIONS): never a permanently empty tab.
  const tabs = accountTabs(nftCollections);
  return (
    <Tabs.Root defaultValue="Tokens" className="flex h-full flex-col rounded-control border border-border">
      <Tabs.List aria-label="Account" className="grid grid-flow-col auto-cols-fr border-b border-border">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab}
            value={tab}
            className="px-2 py-2 text-muted hover:text-text data-[state=active]:border-b-2 data-[state=active]:border-gold data-[state=active]:text-text"
          >
            {tab}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <div className="min-h-0 flex-1 overflow-y-auto px-3">
        <Tabs.Content value="Tokens">
          <TokenBalanceList address={address} compact />
        </Tabs.Content>
        {nftCollections.length > 0 ? (
          <Tabs.Content value="NFTs">
            <NftHoldings
              address={address}
              collections={nftCollections}
              chainId={chainId}
              explorerUrl={explorerUrl}
            />
          </Tabs.Content>
        ) : null}
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
