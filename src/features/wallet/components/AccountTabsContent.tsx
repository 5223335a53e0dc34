"use client";

import dynamic from "next/dynamic";

/**
 * The wallet modal's account tabs (the seed's Tokens / NFTs / Activity), loaded when the modal's
 * Account view renders them. This wrapper is what the feature's index exports: /wallet imports the
 * same index, and a static import of the tabs here put Radix Tabs in /wallet's first load although
 * the page never shows them (docs/ARCHITECTURE.md, "Client bundles").
 */
export const AccountTabsContent = dynamic(() => import("./AccountTabsView").then((m) => m.AccountTabsView), {
  ssr: false,
  // The Account view's box has a fixed height; fill it so nothing moves when the tabs arrive.
  loading: () => <div className="h-full animate-pulse rounded-control bg-raised" aria-hidden="true" />,
});
