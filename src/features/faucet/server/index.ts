// Server-side public API of the faucet feature (route handlers, worker host, bench, tests).

export { type FaucetChain, faucetChainFromConfig, readFaucetBalances } from "./chain";
export { createClaim, getClaimView, latestClaimView, nextClaimAt, requireOwnClaim } from "./claims";
export { createFaucetSenderWorker, FAUCET_LEADER_LOCK_KEY, FaucetSender, type SenderOptions } from "./sender";
export { ASSET_DECIMALS, type FaucetSettings, faucetSettings } from "./settings";
export { faucetBalanceState, faucetStatus, resetFaucetStateCache } from "./status";
