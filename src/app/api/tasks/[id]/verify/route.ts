import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { assertSameOrigin, rateLimit, requireSession } from "@/features/auth";
import { verifyBodySchema } from "@/features/tasks/definitions";
import { verifyTask } from "@/features/tasks/server";
import { badRequest, parseOrThrow, route } from "@/server/errors";

export const dynamic = "force-dynamic";

/** Verifies per user per minute: enough for honest retries, too few to brute-force a quiz. */
const VERIFY_LIMIT = { limit: 12, windowSeconds: 60 } as const;

type Ctx = { params: Promise<{ id: string }> };

/** Checks a task for the signed-in user and credits its points once (quiz answers in the body). */
export const POST = route(async (req: Request, ctx: Ctx) => {
  assertSameOrigin(req);
  const session = await requireSession(req);
  const { id } = await ctx.params;
  await rateLimit({ key: `tasks:verify:${session.userId}`, ...VERIFY_LIMIT });
  const body = parseOrThrow(verifyBodySchema, await optionalJson(req));
  const result = await verifyTask(await getDb(), session, id, { answers: body.answers });
  return NextResponse.json(result, { headers: { "Cache-Control": "no-store" } });
});

/** The body is optional (only quizzes send one); when present it must be JSON. */
async function optionalJson(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) ?? {};
  } catch {
    throw badRequest("The request body must be valid JSON.", "INVALID_JSON");
  }
}
