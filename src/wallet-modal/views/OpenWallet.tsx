"use client";

import { useEffect, useMemo, useState } from "react";
import { useConnectors } from "wagmi";
import { useWalletContext } from "../context";
import { currentPlatform, isMobilePlatform } from "../lib/platform";
import { useNav } from "../modal/nav";
import { WalletIcon } from "../modal/ui";
import { dappLink, storeLinks } from "../registry/links";

/** How long a phone may take to switch to the wallet app before we say nothing happened. */
export const DEEP_LINK_WAIT_MS = 4_000;

const linkClass = "flex h-10 w-full items-center justify-center rounded-control px-4 text-sm font-semibold";
const primary = `${linkClass} bg-gold text-bg hover:bg-gold-hover`;
const secondary = `${linkClass} border border-border bg-raised font-medium text-text hover:border-gold`;

/**
 * A wallet that is not installed in this browser. On a phone: open this page in the wallet's in-app
 * browser (its documented deep link), with the store link as fallback and a clear message when the
 * phone stayed here. On a computer: where to install it, and its web app when it has one.
 */
export function OpenWalletView() {
  const { store, settings } = useWalletContext();
  const wallet = store.getState().history.at(-1)?.data?.wallet;
  const platform = useMemo(currentPlatform, []);
  const mobile = isMobilePlatform(platform);
  const link = wallet && mobile ? dappLink(wallet.mobile_link, window.location.href) : null;
  const stayed = useStayedOnPage(link !== null);
  const nav = useNav();
  const walletConnect = useConnectors().some((c) => c.id === "walletConnect");

  if (!wallet) return null;
  const stores = storeLinks(wallet.install, platform);

  return (
    <div className="flex flex-col items-center gap-4 text-center text-sm">
      <WalletIcon src={wallet.image_url} name={wallet.name} size={56} />
      {link ? (
        <>
          <div aria-live="polite">
            {stayed ? (
              <>
                <p className="font-semibold">Nothing happened?</p>
                <p className="mt-1 text-muted" data-testid="deeplink-stuck">
                  {wallet.name} did not open. It may not be installed on this phone: get it from the store,
                  then tap “Open in {wallet.name}” again.
                </p>
              </>
            ) : (
              <>
                <p className="font-semibold">Opening {wallet.name}…</p>
                <p className="mt-1 text-muted">
                  {settings.productName} opens inside {wallet.name}’s browser, where you can connect and sign
                  in.
                </p>
              </>
            )}
          </div>
          <a href={link} className={primary}>
            Open in {wallet.name}
          </a>
        </>
      ) : (
        <div>
          <p className="font-semibold">
            {mobile ? `Get ${wallet.name}` : `${wallet.name} is not installed in this browser`}
          </p>
          <p className="mt-1 text-muted">
            {mobile
              ? `Install ${wallet.name}, then open this page in its built-in browser to connect.`
              : `Install the ${wallet.name} extension, then reload this page: it will appear under Installed.`}
          </p>
        </div>
      )}
      {walletConnect && !mobile ? (
        <button
          type="button"
          className={`${primary} w-full`}
          onClick={() => nav.push("ConnectingWalletConnect", { wallet })}
        >
          Scan a QR code with {wallet.name} on your phone
        </button>
      ) : null}
      <ul className="w-full space-y-2" aria-label={`Get ${wallet.name}`}>
        {wallet.webapp_link ? (
          <li>
            <a href={wallet.webapp_link} target="_blank" rel="noopener noreferrer" className={secondary}>
              Open the {wallet.name} web app ↗
            </a>
          </li>
        ) : null}
        {stores.map((s) => (
          <li key={s.href}>
            <a href={s.href} target="_blank" rel="noopener noreferrer" className={secondary}>
              {s.label === "Website" ? `${wallet.name} website` : `Get it on ${s.label}`} ↗
            </a>
          </li>
        ))}
        {!mobile ? (
          <li>
            <button type="button" className={`${secondary} w-full`} onClick={() => window.location.reload()}>
              I installed it: reload
            </button>
          </li>
        ) : null}
      </ul>
      {wallet.monogram ? (
        <p className="text-xs text-muted">The icon is a placeholder, not {wallet.name}’s logo.</p>
      ) : null}
    </div>
  );
}

/**
 * True once the deep link had time to work and the page never lost visibility or focus: the wallet
 * app did not open (not installed, or the browser refused the link).
 */
function useStayedOnPage(active: boolean): boolean {
  const [stayed, setStayed] = useState(false);
  useEffect(() => {
    if (!active) return;
    let left = document.visibilityState === "hidden";
    const onLeave = () => {
      left = true;
    };
    const onBack = () => {
      if (document.visibilityState === "visible") setStayed(false);
    };
    document.addEventListener("visibilitychange", onLeave);
    document.addEventListener("visibilitychange", onBack);
    window.addEventListener("pagehide", onLeave);
    window.addEventListener("blur", onLeave);
    const t = setTimeout(() => setStayed(!left), DEEP_LINK_WAIT_MS);
    return () => {
      clearTimeout(t);
      document.removeEventListener("visibilitychange", onLeave);
      document.removeEventListener("visibilitychange", onBack);
      window.removeEventListener("pagehide", onLeave);
      window.removeEventListener("blur", onLeave);
    };
  }, [active]);
  return stayed;
}
