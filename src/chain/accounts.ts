import "server-only";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { config } from "@/server/config";

let faucet: { key: string; account: PrivateKeyAccount } | undefined;

/**
 * The faucet's signing account, from FAUCET_PRIVATE_KEY. The one place its address is derived: the
 * faucet signs with it, the indexer labels its payouts and the sybil job leaves it out of the
 * collectors. Derived once per key (a public-key derivation is not free on every page's activity).
 */
export function faucetAccount(): PrivateKeyAccount {
  const key = config().faucetPrivateKey;
  if (faucet?.key !== key) faucet = { key, account: privateKeyToAccount(key) };
  return faucet.account;
}
