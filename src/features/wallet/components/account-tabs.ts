/** The Account view's tabs: the seed's Tokens / NFTs / Activity plus this browser's Recent; NFTs only with a collection. */
export function accountTabs(nftCollections: readonly string[]) {
  return ["Tokens", ...(nftCollections.length > 0 ? (["NFTs"] as const) : []), "Activity", "Recent"] as const;
}
