import { nameRegisteredSchema, registerBodySchema, registerName, TakenError } from "@/features/names/server";
import { config } from "@/server/config";
import { dailyPerClient, json, route } from "@/server/route";

/**
 * `POST /api/profile/account` `{coin_type, address, message, signature}`: registers (or renames to)
 * the name in a message from `GET /api/profile/message`. 201 when written; 409 with `suggestions`
 * when taken.
 */
export const POST = route(
  {
    session: "required",
    body: registerBodySchema,
    bodyLimit: 32 * 1024,
    // Per user alone did not stop bulk registration: sign-in allows 30 per minute per IP, so one
    // machine with throwaway wallets could take ~1,800 names an hour, each then held for the 30-day
    // rename cooldown. A person registers one name (a rename or two at most), so 5 a day per IP
    // and 20 per subnet (a household, an office, a NAT) leave room for honest use and cap a farm.
    // IP first: a client over its own budget is refused before it spends its subnet's.
    rateLimit: [
      ...dailyPerClient("names-register", () => config().NAMES_IP_LIMIT, 4),
      { name: "names-register", by: "user", limit: 10, windowSeconds: 3600 },
    ],
    summary: "Register a name for the signed-in address",
    response: nameRegisteredSchema,
    status: 201,
    responses: {
      200: {
        description: "The name was already this address's: nothing written",
        schema: nameRegisteredSchema,
      },
    },
  },
  async ({ db, session, body }) => {
    try {
      const { record, created } = await registerName(db, session, body);
      return json({ success: true, record }, { status: created ? 201 : 200 });
    } catch (err) {
      if (err instanceof TakenError) {
        return json(
          { error: { code: err.code, message: err.message }, suggestions: err.suggestions },
          { status: 409 },
        );
      }
      throw err;
    }
  },
);
