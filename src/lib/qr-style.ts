/**
 * How every QR code of the app is drawn (the `qrcode` package's options, on the server and in the
 * modal): the page's near-black modules on its cream, dark on light as scanners expect, at error
 * correction level M.
 */
export const QR_STYLE = {
  errorCorrectionLevel: "M",
  color: { dark: "#0b0b0c", light: "#f5f1e6" },
} as const;
