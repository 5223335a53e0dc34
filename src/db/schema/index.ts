// Each feature keeps its tables in its own file here; this index is what drizzle sees.

export * from "./airdrop";
export * from "./auth";
export * from "./campaign";
export * from "./console";
export * from "./content";
export * from "./faucet";
export * from "./indexer";
export * from "./integrations";
export * from "./integrity";
export * from "./names";
export * from "./profile";
export * from "./staff";
