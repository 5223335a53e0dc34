/** Every product page, in the order the header shows them. */
export const NAV_ITEMS = [
  { href: "/", label: "Home" },
  { href: "/testnet", label: "Testnet" },
  { href: "/swap", label: "Swap" },
  { href: "/stake", label: "Stake" },
  { href: "/wallet", label: "Wallet" },
  { href: "/task", label: "Tasks" },
  { href: "/rewards", label: "Rewards" },
  { href: "/friends", label: "Friends" },
  { href: "/airdrop", label: "Airdrop" },
  { href: "/news", label: "News" },
  { href: "/faq", label: "FAQ" },
  { href: "/support", label: "Support" },
] as const;

/** `/news/some-post` keeps "News" highlighted; "/" only matches itself. */
export function isActive(href: string, pathname: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}
