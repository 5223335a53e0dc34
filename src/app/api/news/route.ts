import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { requireSession } from "@/features/auth";
import { newsListQuerySchema } from "@/features/news/schema";
import { listArticles } from "@/features/news/server";
import { parseOrThrow, route } from "@/server/errors";

// Per-user answers: never cached by the browser or a proxy.
const NO_STORE = { "Cache-Control": "no-store" };

export const GET = route(async (req: Request) => {
  await requireSession(req);
  const params = Object.fromEntries(new URL(req.url).searchParams);
  const query = parseOrThrow(newsListQuerySchema, params);
  return NextResponse.json(await listArticles(await getDb(), query), { headers: NO_STORE });
});
