import type { KnipConfig } from "knip";

// Unused files, exports and dependencies, checked in `npm test` (docs/ARCHITECTURE.md, "Boundaries").
// Zero findings; every ignore below says why.
const config: KnipConfig = {
  entry: [
    // Process entries and tooling run by path (package.json scripts, scripts/test.sh, CI).
    "scripts/*.ts",
    "bench/*.ts",
    "e2e/**/*.ts",
    "contracts/test/**/*.ts",
    // Run by path: child processes of the crash tests, and the scale-out run of scripts/test.sh.
    "test/*-child.ts",
    "test/scale-out.ts",
    // Stands in for \`server-only\` under Vitest (an alias in vitest.config.ts, which knip does not read).
    "test/server-only.ts",
    // Worker-thread bodies, loaded by path from a plain .mjs entry (src/features/airdrop/server/freeze-worker.ts).
    "src/features/*/server/*-thread.ts",
    // Next.js route files, src/proxy.ts and src/instrumentation.ts are found by knip's next plugin.
  ],
  project: ["src/**/*.{ts,tsx}", "scripts/**/*.ts", "bench/**/*.ts", "test/**/*.ts", "e2e/**/*.ts"],
  ignore: [],
  // Feature entries (index.ts, server.ts, testing.ts) and the shared modules' index.ts export what
  // is imported through them, nothing more: an export no one uses is a finding there too.
  includeEntryExports: true,
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
    // TypeScript 7's compiler (an alias of typescript@7), run by path from scripts/test.sh and
    // `npm run typecheck`: its binary is named tsc, like that of TypeScript 5.9, which the tools keep.
    "typescript-native",
  ],
};

export default config;
