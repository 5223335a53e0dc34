import { useEffect, useState } from "react";
import { QR_STYLE } from "@/lib/qr-style";

/**
 * `text` as a QR code (a PNG data URL), drawn in the browser. `qrcode` is fetched with the first code
 * a visitor asks for, not with the modal. `url` is null while drawing, and again when `text` changes.
 */
export function useQrCode(
  text: string,
  size: { margin: number; width: number },
): { url: string | null; failed: boolean } {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { margin, width } = size;
  useEffect(() => {
    let live = true;
    setUrl(null);
    setFailed(false);
    import("qrcode")
      .then((QRCode) => QRCode.toDataURL(text, { ...QR_STYLE, margin, width }))
      .then((drawn) => live && setUrl(drawn))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [text, margin, width]);
  return { url, failed };
}
