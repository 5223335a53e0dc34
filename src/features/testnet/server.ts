import "server-only";

// The testnet feature's server entry (docs/ARCHITECTURE.md, "Feature entries"). Kept apart from
// ./index.ts so that server code (the landing page, /api routes) does not pull the feature's client
// components into its bundle.
export { chainStatusSchema } from "./schema";
export { getChainStatus, probeChain } from "./server/chain-status";
