// Test helpers of the faucet (a deployed, funded Anvil chain; a solved proof of work; the sender
// worker), for other features' tests only (docs/ARCHITECTURE.md, "Feature entries").

export { createFaucetSenderWorker } from "./server/sender";
export { solvedPow, startFaucetTestChain } from "./server/testing";
