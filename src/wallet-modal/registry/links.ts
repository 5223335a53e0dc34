import type { Platform } from "../lib/platform";
import type { InstallLinks, WalletConnectLinks } from "./listing";

/**
 * Fills a wallet's in-app browser link template (registry field `mobile_link`) with this page's URL.
 * Templates use {url} (the page URL, encoded), {hostpath} (host, path and query, unencoded, the
 * MetaMask form) and {origin} (the encoded origin). Null when the wallet has no documented link.
 */
export function dappLink(template: string | null, pageUrl: string): string | null {
  if (!template) return null;
  const u = new URL(pageUrl);
  if (u.protocol !== "https:" && u.protocol !== "http:") return null;
  return template
    .replaceAll("{url}", encodeURIComponent(u.href))
    .replaceAll("{hostpath}", `${u.host}${u.pathname}${u.search}`)
    .replaceAll("{origin}", encodeURIComponent(u.origin));
}

/** The wallet publishes a WalletConnect link for this phone (the registry's `walletconnect_link`). */
export function hasWalletConnectLink(links: WalletConnectLinks | null, platform: Platform): boolean {
  return platform !== "desktop" && Boolean(links?.[platform]);
}

export type StoreLink = { label: string; href: string };

/** Where to get the wallet on this device, best first (the platform's store, then the homepage). */
export function storeLinks(install: InstallLinks, platform: Platform): StoreLink[] {
  const links: StoreLink[] = [];
  const add = (label: string, href: string | null) => {
    if (href && !links.some((l) => l.href === href)) links.push({ label, href });
  };
  if (platform === "ios") add("App Store", install.ios);
  else if (platform === "android") add("Google Play", install.android);
  else {
    add("Chrome Web Store", install.chrome);
    add("Firefox Add-ons", install.firefox);
    add("Edge Add-ons", install.edge);
  }
  add("Website", install.homepage);
  return links;
}
