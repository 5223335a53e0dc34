import { z } from "zod";
import { readImage } from "@/features/admin/server";
import { notFound } from "@/server/errors";
import { route } from "@/server/route";

/** Images uploaded in the console, named by their SHA-256: immutable, so cached for a year. */
export const GET = route(
  {
    params: z.object({ file: z.string().max(80) }),
    summary: "An uploaded image (news covers)",
    responseType: "image/*",
  },
  async ({ params }) => {
    const img = await readImage(params.file);
    if (!img) throw notFound("No such image.", "NOT_FOUND");
    return new Response(new Uint8Array(img.bytes), {
      headers: {
        "Content-Type": img.type,
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
);
