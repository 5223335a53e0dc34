// Server-only public API of the testnet feature. Kept apart from ../index.ts so that server code
// (the landing page, /api routes) does not pull the feature's client components into its bundle.
export type { ChainStatus } from "../chain-status-types";
export { getChainStatus, probeChain, RPC_PROBE_TIMEOUT_MS } from "./chain-status";
