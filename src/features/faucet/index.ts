// Public API of the faucet feature for pages and other features (client-safe).
// Server code (claims service, sender worker, status) is in `@/features/faucet/server`.
export { FaucetPanel } from "./components/FaucetPanel";
export { FaucetBadge } from "./components/FaucetStateBadge";
export { FaucetStatusSection } from "./components/FaucetStatusSection";
