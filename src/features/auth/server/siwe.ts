import { type Address, getAddress, type Hex } from "viem";
import type { Db } from "@/db/client";
import { config } from "@/server/config";
import { ApiError, badRequest, serviceUnavailable } from "@/server/errors";
import { logger } from "@/server/logger";
import type { VerifyBody } from "../schema";
import { signatureClientFor, supportedSignInChainIds } from "./chains";
import { consumeNonce, NONCE_TTL_SECONDS, type NonceState, peekNonce, recordNonceFailure } from "./nonces";
import { parseSiweMessageStrict, type SiweFields, SiweSyntaxError } from "./siwe-message";

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

/** Clock skew tolerated for a message's `Issued At` in the future. */
export const ISSUED_AT_SKEW_SECONDS = 60;

const invalidMessage = () =>
  badRequest("This is not a valid Sign-In With Ethereum message.", "INVALID_MESSAGE");

/**
 * Checks a signed EIP-4361 message against this site and uses up its nonce. The text must be an
 * exact EIP-4361 message (siwe-message.ts). Cheap checks run first; the nonce is only consumed once
 * the signature is known to be good, but every failed attempt counts against it and the fifth
 * kills it (nonces.ts). Throws an ApiError naming the first problem found.
 */
export async function verifySignIn(db: Db, body: VerifyBody, now = new Date()): Promise<SignIn> {
  let parsed: SiweFields;
  try {
    parsed = parseSiweMessageStrict(body.message);
  } catch (err) {
    if (err instanceof SiweSyntaxError) throw invalidMessage();
    throw err;
  }
  const before = await peekNonce(db, parsed.nonce);
  if (before !== "live") throw fail.nonce(before);
  try {
    return await checkAndConsume(db, parsed, body, now);
  } catch (err) {
    // Only the client's fault counts: a 503 (chain unreachable) is not an attempt.
    if (err instanceof ApiError && err.status < 500) await recordNonceFailure(db, parsed.nonce);
    throw err;
  }
}

async function checkAndConsume(db: Db, parsed: SiweFields, body: VerifyBody, now: Date): Promise<SignIn> {
  const c = config();
  const publicUrl = new URL(c.publicUrl);
  const { domain, uri, nonce } = parsed;
  const chainId = Number(parsed.chainId);
  if (domain !== publicUrl.host) throw fail.domain(domain, publicUrl.host);
  const scheme = publicUrl.protocol.slice(0, -1);
  if (parsed.scheme && parsed.scheme !== scheme) throw fail.domain(`${parsed.scheme}://${domain}`, c.origin);
  if (originOf(uri) !== c.origin) throw fail.uri(uri, c.origin);
  if (!supportedSignInChainIds().includes(chainId)) throw fail.chain(chainId);

  const issuedAt = new Date(parsed.issuedAt);
  if (issuedAt.getTime() > now.getTime() + ISSUED_AT_SKEW_SECONDS * 1000) throw fail.notYet();
  // No message can be older than the nonce it carries: an older Issued At is not of this sign-in.
  if (issuedAt.getTime() < now.getTime() - NONCE_TTL_SECONDS * 1000) throw fail.expired();
  if (parsed.expirationTime && now >= new Date(parsed.expirationTime)) throw fail.expired();
  if (parsed.notBefore && now < new Date(parsed.notBefore)) throw fail.notYet();

  const signer = getAddress(parsed.address);
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

const unavailable = () =>
  serviceUnavailable(
    "Could not reach the network to check this wallet's signature. Please try again in a moment.",
    "SIGNATURE_CHECK_UNAVAILABLE",
  );

/**
 * EOA signatures are recovered locally (mode "eoa"); otherwise the chain is asked, which covers
 * deployed smart accounts (ERC-1271) and not-yet-deployed ones (ERC-6492). Neither a `false` nor a
 * throw tells an outage from bad input: viem answers `false` when the chain call fails for any
 * reason (it wraps transport errors like a revert), and throws without any call for a malformed
 * wrapper (junk ending in the ERC-8010 magic suffix). So a failure is only the signature's fault
 * once the chain is known to answer; otherwise it is a 503, which does not cost the nonce.
 */
async function signatureMatches(chainId: number, address: Address, message: string, signature: Hex) {
  const client = signatureClientFor(chainId);
  try {
    if (await client.verifyMessage({ address, message, signature, mode: "eoa" })) return true;
  } catch (err) {
    // Not yet a 503: the probe below decides. Logged so an unexpected kind of throw stays visible.
    logger.info({ err, chainId }, "signature check threw");
  }
  try {
    await client.getChainId();
  } catch (err) {
    logger.warn({ err, chainId }, "signature check could not reach the chain");
    throw unavailable();
  }
  return false;
}
