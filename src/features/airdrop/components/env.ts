/** What the airdrop page needs of the chain: where claims go and where to link them. */
export type AirdropEnv = { chainId: number; explorerUrl: string };
