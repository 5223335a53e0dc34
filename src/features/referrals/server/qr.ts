import { LRUCache } from "lru-cache";
import QRCode from "qrcode";
import { QR_STYLE } from "@/lib/qr-style";

// Drawing the code was most of /friends' signed-in load once the page became a shell (about 4 ms
// of CPU per request): it is a pure function of the link, so it never goes stale. Bounded like
// /wallet's receive QR (features/wallet/server/page-data.ts); an SVG is about 5 KB.
const QR_CACHE_MAX = 2_000;
const cache = new LRUCache<string, string>({ max: QR_CACHE_MAX });

/** The invite link as an SVG QR code, generated locally (no image service sees the link). */
export async function qrSvg(text: string): Promise<string> {
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const svg = await QRCode.toString(text, {
    ...QR_STYLE,
    type: "svg",
    margin: 2,
  });
  cache.set(text, svg);
  return svg;
}
