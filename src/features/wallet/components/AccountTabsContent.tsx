"use client";

import { Tabs } from "radix-ui";
import { useAccountContext } from "@/wallet-modal";
import { ActivityList } from "./ActivityList";
import { TokenBalanceList } from "./TokenBalanceList";

const TABS = ["Tokens", "NFTs", "Activity"] as const;

/**
 * The wallet modal's account tabs (the seed's Tokens / NFTs / Activity), on the same queries as
 * /wallet so both share one cache. The root layout hands them to WalletProvider as a slot.
 */
export function AccountTabsContent() {
  const { address, testnetName } = useAccountContext();
  if (!address) return null;
  return (
    <Tabs.Root defaultValue="Tokens" className="rounded-control border border-border">
      <Tabs.List aria-label="Account" className="grid grid-cols-3 border-b border-border">
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
      </div>
    </Tabs.Root>
  );
}
