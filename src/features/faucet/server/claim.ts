import type { Address } from "viem";
import { formatUnits } from "viem";
import type { Db } from "@/db/client";
import { exclusionOf } from "@/features/integrity/server";
import { config } from "@/server/config";
import { ApiError, forbidden, serviceUnavailable } from "@/server/errors";
import { isContractCode, scaledDrip } from "../gates";
import { type ClaimCreated, FAUCET_ASSETS, type FaucetAsset } from "../schema";
import { cachedFaucetBalances } from "./balances";
import { type FaucetChain, faucetChainFromConfig } from "./chain";
import { type Claimant, createClaim } from "./claims";
import { spendPow } from "./pow";
import type { FaucetSettings } from "./settings";

export type ClaimDeps = { chain?: () => FaucetChain };

const UNREACHABLE = "The faucet cannot reach the network right now. Please try again in a few minutes.";

/**
 * `POST /api/faucet/claim`: every gate in the order a participant can act on it (issue 12), then
 * the claim itself (server/claims.ts). Nothing is written before the proof of work checks out, and
 * every refusal names the rule and the wait.
 */
export async function claimFaucet(
  db: Db,
  who: Claimant,
  altcha: string,
  settings: FaucetSettings,
  deps: ClaimDeps = {},
): Promise<ClaimCreated> {
  if (settings.paused) {
    throw new ApiError(
      503,
      "FAUCET_PAUSED",
      "The faucet is paused by the operator. Claims already queued are still paid; please come back later.",
      { "Retry-After": "3600" },
    );
  }
  const excluded = await exclusionOf(db, who.address);
  if (excluded) {
    throw forbidden(
      "This address is excluded from the campaign's rewards. See /rewards for the reason and to appeal.",
      "PARTICIPANT_EXCLUDED",
    );
  }
  await spendPow(db, altcha);

  const chain = (deps.chain ?? faucetChainFromConfig)();
  const amounts = await dripFor(who.address as Address, settings, chain);
  return createClaim(db, who, settings, amounts);
}

/** The recipient rules, then each drip scaled to what the faucet still holds. */
async function dripFor(
  address: Address,
  settings: FaucetSettings,
  chain: FaucetChain,
): Promise<Partial<Record<FaucetAsset, bigint>>> {
  let code: string | undefined;
  let balance: bigint;
  try {
    [code, balance] = await Promise.all([
      chain.client.getCode({ address }),
      chain.client.getBalance({ address }),
    ]);
  } catch {
    throw serviceUnavailable(UNREACHABLE);
  }
  if (isContractCode(code)) {
    throw forbidden(
      "The faucet pays wallets, not contracts. Sign in with a wallet account and claim again.",
      "CONTRACT_RECIPIENT",
    );
  }
  if (balance > settings.maxRecipientBalance) {
    const symbol = config().NATIVE_SYMBOL;
    throw forbidden(
      `You already have enough test coins (more than ${formatUnits(settings.maxRecipientBalance, 18)} ${symbol}). ` +
        "Claim again when your balance is lower.",
      "RECIPIENT_HAS_ENOUGH",
    );
  }
  const held = await cachedFaucetBalances(() => chain);
  const out: Partial<Record<FaucetAsset, bigint>> = {};
  for (const asset of FAUCET_ASSETS) {
    const drip = settings.drips[asset];
    if (drip <= 0n) continue;
    // Unknown balance (RPC hiccup after the reads above): pay the configured drip; the sender checks again.
    out[asset] = held ? scaledDrip(drip, held[asset], settings.reduceBelowDrips) : drip;
  }
  return out;
}
