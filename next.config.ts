import type { NextConfig } from "next";

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
  reactStrictMode: true,
  // `npm test` runs `tsc --noEmit` over the whole repository; checking again in `next build` doubles CI time.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
