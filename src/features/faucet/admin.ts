// What the operator console needs of the faucet, client-safe and without the server entry's
// `server-only` (docs/ARCHITECTURE.md, "Feature entries"): the console's settings schema is read by
// both the settings route and processes started outside Next (e2e/server.ts, scripts).
export { ASSET_DECIMALS } from "./schema";
