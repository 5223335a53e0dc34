import { NextResponse } from "next/server";
import { type ZodError, z } from "zod";
import { zodIssueMessage } from "@/lib/validation-messages";
import type { ErrorCode } from "./error-codes";

export type { ErrorCode } from "./error-codes";

/** The `{error: {code, message}}` body every ApiError answers (the document's `Error` component). */
export const apiErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** An error whose status and message are meant for the client (docs/ARCHITECTURE.md: API errors). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string, code: ErrorCode = "BAD_REQUEST") =>
  new ApiError(400, code, message);
export const unauthorized = (message = "Sign in with your wallet first.", code: ErrorCode = "UNAUTHORIZED") =>
  new ApiError(401, code, message);
export const forbidden = (message: string, code: ErrorCode = "FORBIDDEN") => new ApiError(403, code, message);
export const notFound = (message = "Not found.", code: ErrorCode = "NOT_FOUND") =>
  new ApiError(404, code, message);
export const conflict = (message: string, code: ErrorCode = "CONFLICT") => new ApiError(409, code, message);
export const payloadTooLarge = (limitBytes: number) =>
  new ApiError(
    413,
    "PAYLOAD_TOO_LARGE",
    `The request body must be at most ${Math.floor(limitBytes / 1024)} KB.`,
  );
/** A dependency (chain RPC, mail server) is down: the client may retry later; never its fault. */
export const serviceUnavailable = (
  message: string,
  code: ErrorCode = "SERVICE_UNAVAILABLE",
  retryAfterSeconds = 5,
) => new ApiError(503, code, message, { "Retry-After": String(retryAfterSeconds) });
export const tooManyRequests = (retryAfterSeconds: number, message?: string) =>
  new ApiError(429, "RATE_LIMITED", message ?? `Please try again after ${retryAfterSeconds} seconds`, {
    "Retry-After": String(retryAfterSeconds),
  });

export function errorResponse(err: ApiError): NextResponse {
  return NextResponse.json(
    { error: { code: err.code, message: err.message } },
    { status: err.status, headers: err.headers },
  );
}

/** Maps a zod failure to a 400 whose message names the first bad field in the seed's wording. */
export function fromZodError(error: ZodError): ApiError {
  const issue = error.issues[0];
  const field = issue?.path.join(".") ?? "";
  const text = issue ? zodIssueMessage(issue) : "Invalid format";
  return new ApiError(400, "INVALID_INPUT", field ? `${field}: ${text}` : text);
}
