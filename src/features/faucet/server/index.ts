// Server-side public API of the faucet feature (route handlers, worker host, bench, tests).

export { cachedFaucetBalances, faucetBalanceState, resetFaucetStateCache } from "./balances";
export { type FaucetChain, faucetChainFromConfig, readFaucetBalances } from "./chain";
export { type ClaimDeps, claimFaucet } from "./claim";
export { createClaim, getClaimView, latestClaimView, nextClaimAt, requireOwnClaim } from "./claims";
export { createFaucetChallenge, spendPow } from "./pow";
export { createFaucetSenderWorker, FAUCET_LEADER_LOCK_KEY, FaucetSender, type SenderOptions } from "./sender";
export { ASSET_DECIMALS, type FaucetSettings, faucetSettings, liveFaucetSettings } from "./settings";
export { faucetPublicStats, faucetStatus } from "./status";
