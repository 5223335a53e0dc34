import { nameRegisteredSchema, registerBodySchema, registerName, TakenError } from "@/features/names/server";
import { json, route } from "@/server/route";

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
    rateLimit: { name: "names-register", by: "user", limit: 10, windowSeconds: 3600 },
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
