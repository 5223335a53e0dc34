// Public API of the testnet feature for pages. Server functions: `@/features/testnet/server`.
export { TestnetPage } from "./components/TestnetPage";
