import { isAdmin, type Session } from "@/features/auth/server";
import { badRequest } from "@/server/errors";
import { idempotencyKeySchema } from "../schema";
import type { Actor } from "./tickets";

// What the support route handlers need beyond the route layer (src/server/route.ts does session,
// origin, body size and parsing): who is acting, and the Idempotency-Key header.

export function actorOf(session: Session): Actor {
  return { userId: session.userId, address: session.address, isAdmin: isAdmin(session.address) };
}

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
