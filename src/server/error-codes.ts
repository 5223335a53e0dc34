/**
 * Every error code the HTTP API can answer with (docs/ARCHITECTURE.md, "Errors"). The code is the
 * stable, machine-readable part of `{"error": {"code", "message"}}`; the message is the human text
 * the UI shows. A new code is added here first, so the compiler checks every use and the OpenAPI
 * document can list them.
 */
export const ERROR_CODES = [
  // 400: bad input
  "BAD_REQUEST",
  "INVALID_INPUT",
  "INVALID_JSON",
  "INVALID_TEXT",
  "INVALID_ENCODING",
  "INVALID_ADDRESS",
  "INVALID_CURSOR",
  "INVALID_IDEMPOTENCY_KEY",
  "IDEMPOTENCY_KEY_REQUIRED",
  "INVALID_MESSAGE",
  "NATIVE_TOKEN",
  "NO_APPROVAL_NEEDED",
  "NO_ROUTE",
  "UNKNOWN_TOKEN",
  "ESTIMATE_FAILED",
  "UNSUPPORTED_NETWORK",
  "CHAIN_UNSUPPORTED",
  "TASK_NOT_STARTED",
  "TASK_ENDED",
  "FAUCET_DISABLED",
  // 401: no (valid) session or sign-in proof
  "UNAUTHORIZED",
  "NONCE_INVALID",
  "NONCE_EXPIRED",
  "SIGNATURE_INVALID",
  "DOMAIN_MISMATCH",
  "URI_MISMATCH",
  "MESSAGE_EXPIRED",
  "MESSAGE_NOT_YET_VALID",
  // 403: not allowed
  "FORBIDDEN",
  "FOREIGN_ORIGIN",
  // 404: not found or not yours
  "NOT_FOUND",
  "ARTICLE_NOT_FOUND",
  "CLAIM_NOT_FOUND",
  "TASK_NOT_FOUND",
  "TICKET_NOT_FOUND",
  // 409: conflict with the current state
  "CONFLICT",
  "IDEMPOTENCY_KEY_REUSED",
  // 413, 415, 429
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  // 5xx: never caused by what a client sends
  "SERVER_ERROR",
  "SIGNATURE_CHECK_UNAVAILABLE",
  "SERVICE_UNAVAILABLE",
  "NOT_DEPLOYED",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
