import { z } from "zod";
import { previewMarkdown } from "@/features/admin/server";
import { route } from "@/server/route";

export const POST = route(
  {
    roles: ["admin"],
    body: z.object({ markdown: z.string().max(100_000) }),
    bodyLimit: 256 * 1024,
    // A preview changes nothing: same-origin checks still apply (it is a POST from the console).
    summary: "Render Markdown with the news page's renderer (nothing is stored)",
    response: z.object({ html: z.string(), readingMinutes: z.number() }),
  },
  ({ body }) => previewMarkdown(body.markdown),
);
