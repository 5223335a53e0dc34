import "server-only";

// The explorer feature's server entry (docs/ARCHITECTURE.md, "Feature entries"): route handlers,
// page loaders and other features' server code import this; client code imports ./index.ts.
export * from "./server/index";
