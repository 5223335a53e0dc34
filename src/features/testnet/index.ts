// Public API of the testnet feature for pages. Server functions: `@/features/testnet/server`.
export type { ChainStatus } from "./chain-status-types";
export { TestnetPage, type TestnetPageProps } from "./components/TestnetPage";
