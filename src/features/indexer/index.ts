// Client-safe public API of the chain indexer: the activity types the wallet UI renders. Everything
// that reads the chain or the database is in ./server.ts.
export type { Activity, ActivityKind, ActivityTransfer } from "./server/activity";
