import type { Hex } from "viem";

/**
 * The operator of the browser tests: e2e/server.ts adds its address to ADMIN_ADDRESSES. A fixed
 * key (not one of the Anvil dev keys the user specs sign in with), public like every test key.
 */
export const E2E_ADMIN_KEY: Hex = "0x5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a";
