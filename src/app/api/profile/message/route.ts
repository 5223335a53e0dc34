import { z } from "zod";
import {
  addressInput,
  assertMayRegister,
  coinTypeFor,
  issueRegistrationMessage,
  NAME_MESSAGE_TTL_SECONDS,
  nameMessageSchema,
  RenameCooldownError,
  renameCooldownSchema,
  requireLabel,
} from "@/features/names/server";
import { config } from "@/server/config";
import { forbidden } from "@/server/errors";
import { json, route } from "@/server/route";

/**
 * `GET /api/profile/message?name=&address=[&chain_id=]`: the exact text to sign with personal_sign
 * to register `name` for the signed-in address. Single use, 10 minutes. Refused with 409
 * RENAME_COOLDOWN (and `rename_available_at`) while a rename must wait: the wallet is never asked to
 * sign what the registration would refuse.
 */
export const GET = route(
  {
    session: "required",
    query: z.object({
      name: z.string().max(200),
      address: addressInput,
      chain_id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    }),
    // Each call stores a row (swept when expired): bounded per user, and per IP and subnet so a
    // wallet farm behind one address cannot fill the table by rotating sessions. Looser than the
    // registration's budget (5 a day per IP): a message writes one short-lived row and takes no
    // name, and a participant may ask several times (typing, retrying, a wallet that declined);
    // what a farm could take is bounded by POST /api/profile/account.
    rateLimit: [
      { name: "names-message", by: "ip", limit: 60, windowSeconds: 3600 },
      { name: "names-message", by: "subnet", limit: 240, windowSeconds: 3600 },
      { name: "names-message", by: "user", limit: 30, windowSeconds: 600 },
    ],
    summary: "The message to sign to register a name",
    response: nameMessageSchema,
    responses: {
      409: {
        description: "RENAME_COOLDOWN: the address has a name and may not rename yet",
        schema: renameCooldownSchema,
      },
    },
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
    try {
      await assertMayRegister(db, session.address, label);
    } catch (err) {
      if (!(err instanceof RenameCooldownError)) throw err;
      return json(
        { error: { code: err.code, message: err.message }, rename_available_at: err.availableAt },
        { status: 409, headers: err.headers },
      );
    }
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
