/** Pure decisions behind VersionWatcher (unit-tested; the component only wires them to the DOM). */

export const VERSION_POLL_MS = 60_000;

/** A new build is live when the server answers an id different from the one this page was built with. */
export function isNewBuild(current: string, latest: string | null | undefined): boolean {
  return typeof latest === "string" && latest.length > 0 && latest !== current;
}

export function shouldPoll(documentHidden: boolean): boolean {
  return !documentHidden;
}

export type ClickLike = {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
};

export type AnchorLike = { href: string; target: string; hasDownload: boolean };

/**
 * Whether a click on this anchor would be a client-side (soft) navigation inside the app, which we
 * turn into a full page load once a new build is out. New tabs, downloads, other origins and
 * same-page hash jumps are left alone.
 */
export function isSoftNavigationClick(
  click: ClickLike,
  anchor: AnchorLike,
  location: { href: string },
): boolean {
  if (click.defaultPrevented || click.button !== 0) return false;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return false;
  if (anchor.hasDownload || (anchor.target && anchor.target !== "_self")) return false;
  let to: URL;
  let from: URL;
  try {
    to = new URL(anchor.href, location.href);
    from = new URL(location.href);
  } catch {
    return false;
  }
  if (to.origin !== from.origin) return false;
  if (to.pathname === from.pathname && to.search === from.search && to.hash !== "") return false;
  return true;
}
