import type { Address } from "viem";
import { formatUnits } from "viem";
import { DeploymentError } from "@/chain/deployment";
import type { Db } from "@/db/client";
import { exclusionOf } from "@/features/integrity/server";
import { config } from "@/server/config";
import { ApiError, forbidden, serviceUnavailable } from "@/server/errors";
import { logger } from "@/server/logger";
import { isContractCode, scaledDrip } from "../gates";
import { type ClaimCreated, FAUCET_ASSETS, type FaucetAsset } from "../schema";
import { cachedFaucetBalances } from "./balances";
import { type FaucetBalances, type FaucetChain, faucetChainFromConfig } from "./chain";
import { type Claimant, createClaim } from "./claims";
import { spendPow } from "./pow";
import type { FaucetSettings } from "./settings";

export type ClaimDeps = { chain?: () => FaucetChain };

const UNREACHABLE = "The faucet cannot reach the network right now. Please try again in a few minutes.";
const REFILLING =
  "The faucet is refilling: it has nothing left to hand out right now. Please try again after it is topped up.";
const REFILL_RETRY_SECONDS = 300;

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
  // Before the proof of work is spent: a participant must not pay for a claim that cannot succeed.
  const chain = resolveChain(deps.chain ?? faucetChainFromConfig);
  const amounts = offered(settings, await cachedFaucetBalances(() => chain));
  await spendPow(db, altcha);

  await checkRecipient(who.address as Address, settings, chain);
  return createClaim(db, who, settings, amounts);
}

/**
 * The faucet's chain, or the 503 a participant can act on: without a (valid) deployment file, the
 * contracts not deployed yet and the status saying `unavailable`, building it throws a
 * DeploymentError, which would otherwise be a 500. Its text (how to deploy) is for the operator's log.
 */
function resolveChain(chainOf: () => FaucetChain): FaucetChain {
  try {
    return chainOf();
  } catch (err) {
    if (!(err instanceof DeploymentError)) throw err;
    logger.warn({ err }, "faucet claim refused: no usable deployment");
    throw serviceUnavailable(UNREACHABLE);
  }
}

/**
 * Each drip scaled to what the faucet still holds (the configured drip while the balance is unknown:
 * the sender checks again). Nothing at all to hand out is refused here: every drip set to 0 by the
 * operator is FAUCET_DISABLED; an emptied faucet is "refilling", as /api/faucet/status says.
 */
function offered(
  settings: FaucetSettings,
  held: FaucetBalances | null,
): Partial<Record<FaucetAsset, bigint>> {
  const out: Partial<Record<FaucetAsset, bigint>> = {};
  for (const asset of FAUCET_ASSETS) {
    const drip = settings.drips[asset];
    if (drip <= 0n) continue;
    const amount = held ? scaledDrip(drip, held[asset], settings.reduceBelowDrips) : drip;
    if (amount > 0n) out[asset] = amount;
  }
  if (Object.keys(out).length > 0) return out;
  if (FAUCET_ASSETS.every((a) => settings.drips[a] <= 0n)) {
    throw new ApiError(503, "FAUCET_DISABLED", "The faucet is not handing out anything at the moment.");
  }
  throw serviceUnavailable(REFILLING, "SERVICE_UNAVAILABLE", REFILL_RETRY_SECONDS);
}

/** The recipient rules: a wallet (not a contract) that does not already hold enough. */
async function checkRecipient(address: Address, settings: FaucetSettings, chain: FaucetChain): Promise<void> {
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
}
