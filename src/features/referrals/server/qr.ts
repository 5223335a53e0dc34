import QRCode from "qrcode";

/** The invite link as an SVG QR code, generated locally (no image service sees the link). */
export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    color: { dark: "#0b0b0c", light: "#f5f1e6" },
  });
}
