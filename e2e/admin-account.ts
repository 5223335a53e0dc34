import { privateKeyToAccount } from "viem/accounts";

/**
 * The console operator of the browser tests (ADMIN_ADDRESSES in e2e/server.ts): a fixed key that
 * is not an Anvil dev key, so no other spec signs in with it. It never sends a transaction.
 */
export const ADMIN_PRIVATE_KEY =
  "0x0a11ce0a11ce0a11ce0a11ce0a11ce0a11ce0a11ce0a11ce0a11ce0a11ce0a11" as const;
export const ADMIN_ADDRESS = privateKeyToAccount(ADMIN_PRIVATE_KEY).address;
