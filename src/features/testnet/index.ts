// Server-side public API of the testnet feature (pages and route handlers import from here).
export type { ChainStatus } from "./chain-status-types";
export { TestnetPage } from "./components/TestnetPage";
export { getChainStatus, probeChain } from "./server/chain-status";
