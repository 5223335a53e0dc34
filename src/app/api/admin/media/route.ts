import { MAX_IMAGE_BYTES, mediaResponse, storeImage } from "@/features/admin/server";
import { readBoundedBytes } from "@/server/body";
import { json, route } from "@/server/route";

/** The image is the raw request body (not multipart), at most 2 MiB; its bytes decide its type. */
export const POST = route(
  {
    roles: ["admin"],
    status: 201,
    response: mediaResponse,
    summary: "Upload a cover image (PNG, JPEG or WebP, raw body, ≤ 2 MiB); answers its URL",
  },
  async ({ db, req, session }) => {
    // Bounded like every body: 413 past the limit, 400 when the client goes away mid-body.
    const bytes = await readBoundedBytes(req, MAX_IMAGE_BYTES);
    const image = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return json(await storeImage(db, session.address, image), { status: 201 });
  },
);
