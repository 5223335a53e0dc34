import { type Address, getAddress, type Hex } from "viem";
import { parseSiweMessage, validateSiweMessage } from "viem/siwe";
import type { Db } from "@/db/client";
import { config } from "@/server/config";
import { ApiError, badRequest } from "@/server/errors";
import { logger } from "@/server/logger";
import type { VerifyBody } from "../schema";
import { signatureClientFor, supportedSignInChainIds } from "./chains";
import { consumeNonce, type NonceState, peekNonce } from "./nonces";

/** Every way a sign-in can fail, with the message the modal shows. */
const fail = {
  nonce: (state: Exclude<NonceState, "live">) =>
    state === "expired"
      ? new ApiError(401, "NONCE_EXPIRED", "This sign-in request has expired. Please sign in again.")
      : new ApiError(
          401,
          "NONCE_INVALID",
          "This sign-in request was already used or was not issued by this site. Please sign in again.",
        ),
  domain: (got: string, want: string) =>
    new ApiError(401, "DOMAIN_MISMATCH", `This message is for another site (${got}), not ${want}.`),
  uri: (got: string, want: string) =>
    new ApiError(401, "URI_MISMATCH", `This message names the address ${got}, not ${want}.`),
  chain: (id: number) =>
    new ApiError(
      401,
      "CHAIN_UNSUPPORTED",
      `Chain ${id} is not supported for sign-in. Switch network and try again.`,
    ),
  expired: () =>
    new ApiError(401, "MESSAGE_EXPIRED", "This sign-in message has expired. Please sign in again."),
  notYet: () =>
    new ApiError(
      401,
      "MESSAGE_NOT_YET_VALID",
      "This sign-in message is not valid yet. Check your device's date and time.",
    ),
  signature: () =>
    new ApiError(401, "SIGNATURE_INVALID", "The signature does not match the address in the message."),
};

export type SignIn = { address: Address; chainId: number };

/**
 * Checks a signed EIP-4361 message against this site and uses up its nonce. Cheap checks run first;
 * the nonce is only consumed once the signature is known to be good, so nobody can burn another
 * visitor's nonce with a junk signature. Throws an ApiError naming the first problem found.
 */
export async function verifySignIn(db: Db, body: VerifyBody, now = new Date()): Promise<SignIn> {
  const c = config();
  const publicUrl = new URL(c.publicUrl);
  const parsed = parseSiweMessage(body.message);
  const { address, domain, uri, chainId, nonce, version, issuedAt } = parsed;
  const dates = [issuedAt, parsed.expirationTime, parsed.notBefore];
  if (
    !address ||
    !domain ||
    !uri ||
    !chainId ||
    !nonce ||
    version !== "1" ||
    !issuedAt ||
    dates.some((d) => d && Number.isNaN(d.getTime()))
  ) {
    throw badRequest("This is not a valid Sign-In With Ethereum message.", "INVALID_MESSAGE");
  }

  if (domain !== publicUrl.host) throw fail.domain(domain, publicUrl.host);
  const scheme = publicUrl.protocol.slice(0, -1);
  if (parsed.scheme && parsed.scheme !== scheme) throw fail.domain(`${parsed.scheme}://${domain}`, c.origin);
  if (originOf(uri) !== c.origin) throw fail.uri(uri, c.origin);
  if (!supportedSignInChainIds().includes(chainId)) throw fail.chain(chainId);
  if (parsed.expirationTime && now >= parsed.expirationTime) throw fail.expired();
  if (parsed.notBefore && now < parsed.notBefore) throw fail.notYet();
  // Belt and braces: viem's own rules (nonce alphabet, address syntax) on top of ours.
  if (!validateSiweMessage({ message: parsed, domain: publicUrl.host, time: now })) {
    throw badRequest("This is not a valid Sign-In With Ethereum message.", "INVALID_MESSAGE");
  }

  const before = await peekNonce(db, nonce);
  if (before !== "live") throw fail.nonce(before);

  const signer = getAddress(address);
  if (!(await signatureMatches(chainId, signer, body.message, body.signature as Hex))) throw fail.signature();

  const used = await consumeNonce(db, nonce);
  if (used !== "live") throw fail.nonce(used);
  return { address: signer, chainId };
}

function originOf(uri: string): string | null {
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
}

/**
 * EOA signatures are recovered locally (mode "eoa"); otherwise the chain is asked, which covers
 * deployed smart accounts (ERC-1271) and not-yet-deployed ones (ERC-6492).
 */
async function signatureMatches(chainId: number, address: Address, message: string, signature: Hex) {
  try {
    return await signatureClientFor(chainId).verifyMessage({ address, message, signature, mode: "eoa" });
  } catch (err) {
    logger.warn({ err, chainId }, "signature check could not reach the chain");
    throw new ApiError(
      503,
      "SIGNATURE_CHECK_UNAVAILABLE",
      "Could not reach the network to check this wallet's signature. Please try again in a moment.",
    );
  }
}
