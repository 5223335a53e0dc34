import { getDb } from "@/db/client";
import { airdropDistributors } from "@/features/airdrop/server";
import { currentDeployment } from "@/features/tokens/server";
import { config } from "@/server/config";
import type { KnownContract } from "../recipient";
import { knownContracts } from "./known-contracts";

/** /wallet: our contracts, named, for the send review's warning (empty before the deployment). */
export async function walletKnownContracts(): Promise<KnownContract[]> {
  const d = currentDeployment();
  if (!d) return [];
  const distributors = await airdropDistributors(await getDb());
  return knownContracts(d, { nativeSymbol: config().NATIVE_SYMBOL, distributors });
}
