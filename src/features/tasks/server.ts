import "server-only";

// The tasks feature's server entry (docs/ARCHITECTURE.md, "Feature entries"): route handlers,
// page loaders and other features' server code import this; client code imports ./index.ts.
export * from "./server/index";
export { loadTasks } from "./server/page-data";
