import { MAX_IMAGE_BYTES, mediaResponse, storeImage } from "@/features/admin/server";
import { payloadTooLarge } from "@/server/errors";
import { json, route } from "@/server/route";

/** The image is the raw request body (not multipart), at most 2 MiB; its bytes decide its type. */
export const POST = route(
  {
    roles: ["admin"],
    status: 201,
    response: mediaResponse,
    summary: "Upload a cover image (PNG, JPEG or WebP, raw body, ≤ 2 MiB); answers its URL",
  },
  async ({ req }) => {
    if (Number(req.headers.get("content-length") ?? 0) > MAX_IMAGE_BYTES)
      throw payloadTooLarge(MAX_IMAGE_BYTES);
    const reader = req.body?.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_IMAGE_BYTES) {
        await reader.cancel();
        throw payloadTooLarge(MAX_IMAGE_BYTES);
      }
      chunks.push(value);
    }
    return json(await storeImage(Buffer.concat(chunks)), { status: 201 });
  },
);
