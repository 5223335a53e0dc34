import "@fontsource-variable/inter";
import "./globals.css";
import type { Metadata, Viewport } from "next";
import localFont from "next/font/local";
import type { ReactNode } from "react";
import { ChunkReloadGuard, PageViews, VersionWatcher } from "@/features/app-shell";
import { getCurrentSession } from "@/features/auth/server";
import { AccountTabs, MAIN_ID, SiteFooter, SiteHeader, SkipLink } from "@/features/layout";
import { primaryNameOf } from "@/features/names/server";
import { LocaleProvider } from "@/lib/locale";
import { requestLocale } from "@/server/locale";
import { numberSymbols } from "@/server/number-symbols";
import { publicConfig } from "@/server/public-config";
import { isSignedInShellRender } from "@/server/shell-page";
import { WalletProvider } from "@/wallet-modal/WalletProvider";

export function generateMetadata(): Metadata {
  const { productName } = publicConfig();
  return {
    title: { default: `${productName} Portal`, template: `%s · ${productName}` },
    description: `The ${productName} Testnet campaign portal.`,
  };
}

/**
 * Inter's latin face with our symbols (src/app/fonts/inter-subset.ts), preloaded by every page so
 * that the first layout finds it loaded and asks the browser process for no system font
 * (docs/ARCHITECTURE.md, "Main-thread work"). The metric-matched fallbacks are in globals.css;
 * fontsource's faces ("Inter Variable") carry the other scripts.
 */
const interLatin = localFont({
  src: "./fonts/generated/inter-latin.woff2",
  weight: "100 900",
  style: "normal",
  display: "swap",
  variable: "--font-inter-latin",
  adjustFontFallback: false,
});

export const viewport: Viewport = { themeColor: "#0b0b0c", colorScheme: "dark" };

/**
 * One layout for every page. The session is read on the server so the header shows the signed-in
 * address in the HTML itself (no flash of "Connect wallet"); wallet state comes only after mount.
 * A signed-in shell render (src/server/shell-render.ts) has no cookie to read: the header gets a
 * placeholder of the account chip's size, filled from the page's session block after hydration.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const settings = publicConfig();
  const shell = await isSignedInShellRender();
  const session = shell ? null : await getCurrentSession();
  const sessionAddress = session?.address ?? null;
  const sessionName = await primaryNameOf(sessionAddress);
  const locale = await requestLocale();
  return (
    <html lang="en" className={interLatin.variable}>
      <body className="flex min-h-dvh flex-col bg-bg text-text antialiased">
        <SkipLink />
        <LocaleProvider locale={locale} symbols={numberSymbols(locale)}>
          <WalletProvider
            publicConfig={settings}
            sessionAddress={sessionAddress}
            sessionName={sessionName}
            sessionFromDocument={shell}
            accountTabs={<AccountTabs />}
          >
            <SiteHeader productName={settings.productName} sessionAddress={sessionAddress} />
            <main id={MAIN_ID} tabIndex={-1} className="flex-1 scroll-mt-16 outline-none">
              {children}
            </main>
            <SiteFooter productName={settings.productName} chainId={settings.chainId} />
          </WalletProvider>
        </LocaleProvider>
        <VersionWatcher buildId={settings.buildId} />
        <ChunkReloadGuard />
        <PageViews />
      </body>
    </html>
  );
}
