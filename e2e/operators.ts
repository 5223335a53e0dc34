import { privateKeyToAccount } from "viem/accounts";

/**
 * The operators of the browser tests, all in ADMIN_ADDRESSES (e2e/server.ts). Fixed keys that are
 * not Anvil dev keys, so no participant spec signs in with them, public like every test key. One
 * for each group of specs that run at the same time, so that what one records (the audit log's
 * actor, a session, a round) is told apart from another's. None of them sends a transaction (the
 * worker publishes airdrop rounds).
 */
export const OPERATOR_KEYS = {
  /** The console specs: admin, tasks, webhooks. */
  console: "0x0a11ce0a11ce0a11ce0a11ce0a11ce0a11ce0a11ce0a11ce0a11ce0a11ce0a11",
  /** The airdrop journey. */
  airdrop: "0x5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a",
  /** The integrity review and a11y-all's console pages. */
  integrity: "0xfa7c122515743064eb834617bb255ff557677e914461e4728aa06240dfcab7d1",
} as const;

export const OPERATOR_ADDRESSES = Object.values(OPERATOR_KEYS).map((key) => privateKeyToAccount(key).address);
