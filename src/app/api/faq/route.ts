import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { requireSession } from "@/features/auth";
import { filterFaq } from "@/features/faq";
import { faqQuerySchema } from "@/features/faq/schema";
import { listFaq } from "@/features/faq/server";
import { parseOrThrow, route } from "@/server/errors";

// Per-user answers: never cached by the browser or a proxy.
const NO_STORE = { "Cache-Control": "no-store" };

export const GET = route(async (req: Request) => {
  await requireSession(req);
  const { q } = parseOrThrow(faqQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  const sections = await listFaq(await getDb());
  return NextResponse.json({ sections: filterFaq(sections, q ?? "") }, { headers: NO_STORE });
});
