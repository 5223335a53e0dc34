import type { TokenId } from "./tokens";

/**
 * Token icons as inline SVG (no remote images: the portal works offline). Exposed both as markup for
 * the TokenIcon component and as data URIs for API answers (`logoUri`, `iconUrl`).
 */
const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">${body}</svg>`;

const ICONS: Record<TokenId | "lp", string> = {
  native: svg(
    '<circle cx="16" cy="16" r="15" fill="#d4a63a"/><circle cx="16" cy="16" r="11.5" fill="none" stroke="#0b0b0c" stroke-opacity=".35" stroke-width="1.5"/>' +
      '<path d="M16 8.5 22 23h-3l-1.2-3h-3.6L13 23h-3zm0 5.2L15.1 17h1.8z" fill="#0b0b0c"/>',
  ),
  WAURUM: svg(
    '<circle cx="16" cy="16" r="15" fill="#0b0b0c" stroke="#d4a63a" stroke-width="2"/>' +
      '<path d="M16 8.5 22 23h-3l-1.2-3h-3.6L13 23h-3zm0 5.2L15.1 17h1.8z" fill="#d4a63a"/>',
  ),
  tUSD: svg(
    '<circle cx="16" cy="16" r="15" fill="#3fb37f"/>' +
      '<path d="M17.2 7.5v2c2 .3 3.4 1.5 3.7 3.4h-2.7c-.2-.8-1-1.3-2.2-1.3-1.3 0-2.1.6-2.1 1.4 0 .9.8 1.2 2.6 1.6 2.7.6 4.6 1.4 4.6 4 0 2-1.5 3.4-3.9 3.7v2.2h-2.3v-2.2c-2.3-.3-3.9-1.7-4-3.8h2.8c.1 1 1 1.6 2.4 1.6s2.2-.6 2.2-1.5c0-.8-.7-1.2-2.7-1.6-2.5-.6-4.4-1.3-4.4-3.9 0-1.9 1.5-3.3 3.7-3.6v-2z" fill="#0b0b0c"/>',
  ),
  tETH: svg(
    '<circle cx="16" cy="16" r="15" fill="#7c83e6"/>' +
      '<path d="m16 5.5-6.5 10.8L16 20l6.5-3.7z" fill="#f5f1e6"/><path d="m16 21.3-6.5-3.8L16 26.5l6.5-9z" fill="#f5f1e6" fill-opacity=".75"/>',
  ),
  lp: svg(
    '<circle cx="12" cy="16" r="10" fill="#d4a63a"/><circle cx="20" cy="16" r="10" fill="#3fb37f" fill-opacity=".85"/>',
  ),
};

export function tokenIconDataUri(id: TokenId | "lp"): string {
  return `data:image/svg+xml,${encodeURIComponent(ICONS[id])}`;
}
