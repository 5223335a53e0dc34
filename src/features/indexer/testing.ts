// Test helpers of the chain indexer (a fake deployment, a deployed Anvil chain), for tests only
// (docs/ARCHITECTURE.md, "Feature entries").

export { watchListFromDeployment } from "./server/contracts";
export { fakeDeployment } from "./server/fixtures";
export { ChainIndexer } from "./server/indexer";
export { startTestChain, type TestChain } from "./server/test-chain";
export { indexerClientFor } from "./server/worker";
