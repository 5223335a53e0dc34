import { z } from "zod";
import { faqPatchSchema, faqSavedResponse, updateFaq } from "@/features/admin/server";
import { route } from "@/server/route";

export const PATCH = route(
  {
    roles: ["admin"],
    params: z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,120}$/) }),
    body: faqPatchSchema,
    response: faqSavedResponse,
    summary: "Edit, hide or move (up/down) an FAQ entry",
  },
  ({ db, session, params, body }) => updateFaq(db, session.address, params.slug, body),
);
