"use client";

import dynamic from "next/dynamic";

/**
 * The wallet modal's account tabs, as the slot the root layout hands to WalletProvider (the modal
 * imports no feature). Loaded only when the Account view renders them: the root layout is on every
 * page, and a static import of the wallet feature would put its balance, activity and send code in
 * every page's first load.
 */
export const AccountTabs = dynamic(() => import("@/features/wallet").then((m) => m.AccountTabsContent), {
  ssr: false,
  // The Account view's box has a fixed height; fill it so nothing moves when the tabs arrive.
  loading: () => <div className="h-full animate-pulse rounded-control bg-raised" aria-hidden="true" />,
});
