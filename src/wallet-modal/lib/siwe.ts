import type { Address } from "viem";
import { createSiweMessage } from "viem/siwe";

/** SIWE messages we ask wallets to sign are valid for 10 minutes (the nonce's lifetime too). */
export const SIWE_VALIDITY_MS = 10 * 60 * 1000;

export type SiweInput = {
  address: Address;
  chainId: number;
  nonce: string;
  productName: string;
  /** `window.location.host` and `window.location.origin`: the server checks both. */
  host: string;
  origin: string;
  now?: Date;
};

/**
 * EIP-4361 allows only printable ASCII without `"%<>\\^\`{|}` in the statement, and the server refuses
 * any other text (src/features/auth/server/siwe-message.ts), so other characters of the brand are dropped.
 */
function statementSafe(text: string): string {
  return text.replace(/[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]/g, "").trim() || "this site";
}

export function siweStatement(productName: string): string {
  return `Sign in to ${statementSafe(productName)}. This request will not trigger a blockchain transaction or cost any fees.`;
}

/** The EIP-4361 text the wallet signs with personal_sign. */
export function buildSiweMessage(input: SiweInput): string {
  const issuedAt = input.now ?? new Date();
  return createSiweMessage({
    address: input.address,
    chainId: input.chainId,
    domain: input.host,
    uri: input.origin,
    version: "1",
    nonce: input.nonce,
    statement: siweStatement(input.productName),
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + SIWE_VALIDITY_MS),
  });
}
