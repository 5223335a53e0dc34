// Each feature keeps its tables in its own file here; this index is what drizzle sees.

export * from "./auth";
export * from "./campaign";
export * from "./content";
export * from "./faucet";
export * from "./indexer";
export * from "./profile";
export * from "./staff";
