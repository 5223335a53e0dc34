// The operator console's airdrop view (/admin/airdrop), client-safe like index.ts. It is an entry of
// its own because a page's client bundle gets every client component its imported entry re-exports:
// exported from index.ts, the console form (and zod, for its rules) were fetched by every
// participant's /airdrop, 263.3 KB gzip instead of 228.2 (docs/ARCHITECTURE.md, "Feature entries").
export { AdminAirdrop } from "./components/AdminAirdrop";
