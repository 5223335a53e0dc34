import { z } from "zod";
import {
  addressInput,
  coinTypeFor,
  issueRegistrationMessage,
  NAME_MESSAGE_TTL_SECONDS,
  nameMessageSchema,
  requireLabel,
} from "@/features/names/server";
import { config } from "@/server/config";
import { forbidden } from "@/server/errors";
import { route } from "@/server/route";

/**
 * `GET /api/profile/message?name=&address=[&chain_id=]`: the exact text to sign with personal_sign
 * to register `name` for the signed-in address. Single use, 10 minutes.
 */
export const GET = route(
  {
    session: "required",
    query: z.object({
      name: z.string().max(200),
      address: addressInput,
      chain_id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    }),
    // Each call stores a row (swept when expired): bounded per user.
    rateLimit: { name: "names-message", by: "user", limit: 30, windowSeconds: 600 },
    summary: "The message to sign to register a name",
    response: nameMessageSchema,
  },
  async ({ db, session, query, url }) => {
    const label = requireLabel(query.name);
    if (query.address.toLowerCase() !== session.address.toLowerCase()) {
      throw forbidden(
        "You can only register a name for the address you are signed in with.",
        "ADDRESS_MISMATCH",
      );
    }
    const coinType = coinTypeFor(query.chain_id);
    const zone = config().namesZone;
    const name = `${label}.${zone}`;
    const { message, timestamp } = await issueRegistrationMessage(db, session.userId, {
      host: new URL(config().publicUrl).host || url.host,
      name,
      address: session.address,
      zone,
      coinType,
    });
    return { message, coin_type: coinType, name, expires_at: timestamp + NAME_MESSAGE_TTL_SECONDS };
  },
);
