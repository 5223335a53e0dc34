import { assertSameOrigin, isAdmin, requireSession, type Session } from "@/features/auth";
import { ApiError, badRequest } from "@/server/errors";
import { idempotencyKeySchema } from "../schema";
import type { Actor } from "./tickets";

/** Larger than any valid ticket (5000-character message plus the other fields), small enough to refuse floods. */
export const MAX_BODY_BYTES = 64 * 1024;

export function actorOf(session: Session): Actor {
  return { userId: session.userId, address: session.address, isAdmin: isAdmin(session.address) };
}

/** For state-changing requests: same origin first (403), then a live session (401). */
export async function requireWriter(req: Request): Promise<Actor> {
  assertSameOrigin(req);
  return actorOf(await requireSession(req));
}

export async function requireReader(req: Request): Promise<Actor> {
  return actorOf(await requireSession(req));
}

/** Reads a JSON body of bounded size; too large is 413 and malformed is 400, never a 500. */
export async function readJsonBody(req: Request): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const text = await req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw tooLarge();
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("The request body must be valid JSON.", "INVALID_JSON");
  }
}

const tooLarge = () =>
  new ApiError(413, "PAYLOAD_TOO_LARGE", `The request body must be at most ${MAX_BODY_BYTES} bytes.`);

export function idempotencyKeyOf(req: Request, required: true): string;
export function idempotencyKeyOf(req: Request, required: false): string | null;
export function idempotencyKeyOf(req: Request, required: boolean): string | null {
  const value = req.headers.get("idempotency-key");
  if (value === null || value === "") {
    if (required)
      throw badRequest(
        "The Idempotency-Key header is required (for example a UUID).",
        "IDEMPOTENCY_KEY_REQUIRED",
      );
    return null;
  }
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success)
    throw badRequest(parsed.error.issues[0]?.message ?? "Invalid format", "INVALID_IDEMPOTENCY_KEY");
  return parsed.data;
}
