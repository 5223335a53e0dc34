import { z } from "zod";

export type FaqItem = {
  /** Deep-link id: `/faq#<slug>`. */
  slug: string;
  question: string;
  /** Sanitised HTML rendered on the server. */
  answerHtml: string;
  /** Plain text of the answer, used by the search box. */
  answerText: string;
};

export type FaqSection = { slug: string; title: string; items: FaqItem[] };

/** `GET /api/faq` query string. */
export const faqQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
});

/** `GET /api/faq` */
export const faqResponseSchema = z.object({
  sections: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      items: z.array(
        z.object({
          slug: z.string(),
          question: z.string(),
          answerHtml: z.string(),
          answerText: z.string(),
        }),
      ),
    }),
  ),
});
