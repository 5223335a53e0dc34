import { faqQuerySchema, faqResponseSchema, filterFaq, listFaq } from "@/features/faq/server";
import { route } from "@/server/route";

export const GET = route(
  {
    session: "required",
    query: faqQuerySchema,
    summary: "The FAQ by section; ?q= keeps the questions and answers that match",
    response: faqResponseSchema,
  },
  async ({ db, query }) => ({ sections: filterFaq(await listFaq(db), query.q ?? "") }),
);
