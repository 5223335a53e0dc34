/** What a participant can do in the campaign; each entry links to its page (order = journey). */
export const CAMPAIGN_FEATURES = [
  {
    href: "/testnet",
    title: "Faucet & network",
    body: "Add the testnet to your wallet and get free test coins to pay for transactions.",
  },
  {
    href: "/swap",
    title: "Swap",
    body: "Trade test tokens on the testnet exchange and see how fees and slippage behave.",
  },
  {
    href: "/stake",
    title: "Stake",
    body: "Lock test tokens, watch rewards accrue block by block, and unstake any time.",
  },
  {
    href: "/task",
    title: "Tasks & points",
    body: "Complete on-chain and social tasks to earn points that count toward rewards.",
  },
  {
    href: "/friends",
    title: "Referrals",
    body: "Share your invite link; you earn points when friends join and take part.",
  },
  {
    href: "/airdrop",
    title: "Airdrop",
    body: "Check whether your address is eligible and claim your allocation on-chain.",
  },
] as const;
