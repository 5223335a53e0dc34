import { z } from "zod";
import { newsPatchSchema, newsSavedResponse, updateArticle } from "@/features/admin/server";
import { route } from "@/server/route";

export const PATCH = route(
  {
    roles: ["admin"],
    params: z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,120}$/) }),
    body: newsPatchSchema,
    bodyLimit: 256 * 1024,
    response: newsSavedResponse,
    summary: "Edit, reschedule, publish or unpublish an article",
  },
  ({ db, session, params, body }) => updateArticle(db, session.address, params.slug, body),
);
