import { createHash, createHmac } from "node:crypto";
import { config } from "@/server/config";

// The private link of a ticket opened signed out (docs/api.md, "Support without a wallet").
//
// The token is an HMAC of the ticket id under the server secret: unguessable (256 bits) and yet
// re-computable, so an idempotent retry of the submission (and the reply mail) can show the same
// link again, while the database keeps only its SHA-256 (a database leak alone opens no ticket).

/** base64url of 32 bytes. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function ticketToken(ticketId: string): string {
  return createHmac("sha256", config().sessionSecret)
    .update(`support-ticket-link:${ticketId}`)
    .digest("base64url");
}

export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The public page that shows the thread (under /connect, the one help page open to everyone). */
export function ticketLinkPath(token: string): string {
  return `/connect/ticket/${token}`;
}
