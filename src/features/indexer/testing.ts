// Test helpers of the chain indexer (a fake deployment, a deployed Anvil chain), for tests only
// (docs/ARCHITECTURE.md, "Feature entries").
export { fakeDeployment } from "./server/fixtures";
export { startTestChain, type TestChain } from "./server/test-chain";
