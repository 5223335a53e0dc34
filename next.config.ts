import type { NextConfig } from "next";
import { markChunks } from "./scripts/lib/compile-hints";

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

const nextConfig: NextConfig = {
  // Separate build folders let several builds (CI e2e, benches) coexist in one checkout.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // WASM Postgres, native-ish logging and the pg driver must stay plain Node modules.
  serverExternalPackages: ["@electric-sql/pglite", "pino", "pg", "prom-client"],
  poweredByHeader: false,
  // BUNDLE_SOURCEMAPS=1 (a spare NEXT_DIST_DIR): browser source maps, to see which modules make up a
  // chunk `bench:bundle` lists (`BENCH_CHUNKS=1`); off by default (docs/ARCHITECTURE.md, "Client bundles").
  productionBrowserSourceMaps: process.env.BUNDLE_SOURCEMAPS === "1",
  // The opt-in WalletConnect plug-in is compiled in only when the build has a project id
  // (src/wallet-modal/lib/walletconnect-gate.ts); the default build carries no WalletConnect code.
  env: { NEXT_PUBLIC_WALLETCONNECT: process.env.WALLETCONNECT_PROJECT_ID ? "1" : "0" },
  reactStrictMode: true,
  experimental: {
    // Turbopack merges small chunks and accepts fetching a module twice to save a request, pricing
    // a request at 200 KB of source (~40 KB gzip). The wallet runtime (a lazy chunk of the root
    // layout) and each page share wagmi/viem/TanStack/toasts, so that default had every signed-in
    // page fetch ~15–30 KB gzip twice. Over HTTP/2 a request is cheap: price it at 10 KB of source
    // so shared code stays in shared chunks (bench/bundle.ts, issue 11 budgets). Measured on one
    // build each: 20 KB -> 10 KB took 1.4-2.5 KB off every page's fetched JS (/swap 251.1 -> 249.7),
    // 5 KB put 1-3.5 KB back on (more small chunks, more of them fetched twice).
    turbopackChunking: { requestCost: 10_000, generateComponentChunks: true },
    // Turbopack's build cache (on by default in Next 16) speeds a rebuild after a change, and costs a
    // first build ~40 s on 2 cores (compiling 71 -> 101 s, then 17 s writing it). `npm test` builds twice
    // from a clean tree and never rebuilds, so it turns it off (NEXT_BUILD_CACHE=0, scripts/test.sh).
    turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_CACHE !== "0",
    // Not `inlineCss`: it raised Lighthouse on /faq and /support (LCP ~3.3 -> 2.5 s) but put the CSS
    // into every HTML answer and again into its Flight payload, costing 1.6-2.7 ms more server CPU
    // per rendered page (/task 6.1 -> 7.7 ms, /wallet 5.5 -> 7.9) and halving the shared pages'
    // throughput, and with it /swap and /stake scored 84-90 (96 and 93 without).
    // Measured side by side, docs/ARCHITECTURE.md "Rendering and CSP".
  },
  compiler: {
    // Every client chunk compiled off the main thread while it streams in, not function by function
    // inside hydration (scripts/lib/compile-hints.ts; docs/ARCHITECTURE.md, "Main-thread work").
    runAfterProductionCompile: async ({ distDir }) => {
      await markChunks(distDir);
    },
  },
  // `npm test` runs `tsc --noEmit` over the whole repository; checking again in `next build` doubles CI time.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
