import type { KnipConfig } from "knip";

// Unused files, exports and dependencies, checked in `npm test` (docs/ARCHITECTURE.md, "Boundaries").
// Zero findings; every ignore below says why.
const config: KnipConfig = {
  entry: [
    // Process entries and tooling run by path (package.json scripts, scripts/test.sh, CI).
    "scripts/*.ts",
    "bench/*.ts",
    "test/**/*.ts",
    "e2e/**/*.ts",
    "contracts/test/**/*.ts",
    // Feature entries are public APIs (docs/ARCHITECTURE.md, "Feature entries"): what they export is
    // the feature's contract, also for features landing in parallel, so it is not "unused".
    "src/features/*/{index,admin,server,testing}.{ts,tsx}",
    // The same for the shared modules' public APIs (the UI kit, the web3 layer, the wallet modal) and
    // the route layer's (every route handler, also those landing in parallel, is written against it).
    "src/{ui,web3,wallet-modal}/index.ts",
    // Worker-thread bodies, loaded by path from a plain .mjs entry (src/features/airdrop/server/freeze-worker.ts).
    "src/features/*/server/*-thread.ts",
    "src/server/{route,errors,error-codes}.ts",
    // Next.js route files, src/proxy.ts and src/instrumentation.ts are found by knip's next plugin.
  ],
  project: ["src/**/*.{ts,tsx}", "scripts/**/*.ts", "bench/**/*.ts", "test/**/*.ts", "e2e/**/*.ts"],
  ignore: [],
  // A constant or type exported for documentation or tests but used in its own file is not dead code.
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // Types only: TypeScript reads them for smtp-server (the in-process SMTP server of the mail tests).
    "@types/smtp-server",
    // Anvil is spawned by path from its platform package (scripts/lib/anvil.ts); @foundry-rs/anvil
    // is the pinned package that installs that platform binary.
    "@foundry-rs/anvil",
    "@foundry-rs/anvil-linux-amd64",
    // Tailwind is loaded by @tailwindcss/postcss from src/app/globals.css (`@import "tailwindcss"`).
    "tailwindcss",
    // drizzle-kit: the schema tooling for writing migrations by hand (docs/ARCHITECTURE.md, "Database").
    "drizzle-kit",
    // Imported by wagmi's walletConnect connector (an optional peer), which the opt-in WalletConnect
    // plug-in uses (src/wallet-modal/walletconnect/connector.ts).
    "@walletconnect/ethereum-provider",
  ],
};

export default config;
