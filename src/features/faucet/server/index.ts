// Server-side public API of the faucet feature (route handlers, worker host, bench, tests).

export { faucetChainFromConfig, readFaucetBalances } from "./chain";
export { claimFaucet } from "./claim";
export { requireOwnClaim } from "./claims";
export { createFaucetChallenge } from "./pow";
export { createFaucetSenderWorker } from "./sender";
export { ASSET_DECIMALS, faucetSettings, liveFaucetSettings } from "./settings";
export { faucetStatus } from "./status";
