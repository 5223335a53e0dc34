import "server-only";

// Server-side public API of the chain indexer (route handlers, other features' server code, the
// process entries that register its worker). Client code imports ./index.ts (types only).
export { type WatchList, watchListFromDeployment } from "./server/contracts";
export {
  type ActivityPage,
  accountActivity,
  currentActivityContext,
  currentWatchList,
  InvalidCursorError,
  indexerPosition,
  transactionEvents,
  withRoundTokens,
} from "./server/queries";
export { indexerWorker } from "./server/worker";
