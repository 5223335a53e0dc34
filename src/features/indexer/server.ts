import "server-only";

// Server-side public API of the chain indexer (route handlers, other features' server code, the
// process entries that register its worker). Client code imports ./index.ts (types only).
export {
  ACTIVITY_KINDS,
  type Activity,
  type ActivityContext,
  type ActivityKind,
  type ActivityTransfer,
  deriveActivity,
} from "./server/activity";
export {
  type ContractRole,
  type TokenInfo,
  type WatchList,
  watchListFromDeployment,
} from "./server/contracts";
export { decodeCursor, encodeCursor, type HistoryCursor } from "./server/cursor";
export { ChainIndexer, type IndexerOptions, type StepResult } from "./server/indexer";
export {
  type ActivityPage,
  accountActivity,
  currentActivityContext,
  currentWatchList,
  InvalidCursorError,
  indexerPosition,
  transactionEvents,
} from "./server/queries";
export { indexerClient, indexerClientFor, indexerWorker } from "./server/worker";
