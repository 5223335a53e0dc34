"use client";

import dynamic from "next/dynamic";

/**
 * The wallet modal's account tabs, as a slot the root layout hands to WalletProvider. Loaded only
 * when the Account view renders them: the layout is on every page and must not ship the balance and
 * activity queries up front.
 */
export const AccountTabs = dynamic(() => import("./AccountTabsContent"), { ssr: false });
