// Stands in for the `server-only` package in tests (vitest.config.ts): Node has no React server build.
export {};
