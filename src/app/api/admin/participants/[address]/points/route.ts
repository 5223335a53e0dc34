import {
  addressParam,
  adjustPoints,
  idempotencyKeySchema,
  pointsAdjustResponse,
  pointsAdjustSchema,
} from "@/features/admin/server";
import { badRequest } from "@/server/errors";
import { json, route } from "@/server/route";

export const POST = route(
  {
    roles: ["admin"],
    params: addressParam,
    body: pointsAdjustSchema,
    bodyLimit: 4096,
    summary:
      "Adjust a participant's points: a new ledger entry (negative allowed, never below zero), once per Idempotency-Key",
    response: pointsAdjustResponse,
    status: 201,
    responses: {
      200: {
        description: "A repeated Idempotency-Key: nothing credited again",
        schema: pointsAdjustResponse,
      },
    },
  },
  async ({ db, session, params, body, req }) => {
    const key = idempotencyKeySchema.safeParse(req.headers.get("idempotency-key") ?? "");
    if (!key.success)
      throw badRequest(
        "The Idempotency-Key header is required (for example a UUID).",
        "IDEMPOTENCY_KEY_REQUIRED",
      );
    const out = await adjustPoints(db, session.address, params.address, body, key.data);
    return json(out, { status: out.credited ? 201 : 200 });
  },
);
