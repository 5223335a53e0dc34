"use client";

import { useEffect } from "react";
import { apiFetch } from "@/lib/api-client";
import { isNewBuild, isSoftNavigationClick, shouldPoll, VERSION_POLL_MS } from "../version";

/**
 * Polls `/api/version` (every 60 s, never while the tab is hidden). Once the server runs a newer
 * build, the next in-app navigation becomes a full page load so the browser fetches the new
 * chunks instead of failing on removed ones. Covers link clicks (capture phase, before Next's
 * <Link> handler) and back/forward; programmatic router.push calls are caught by ChunkReloadGuard
 * if they hit a missing chunk.
 */
export function VersionWatcher({ buildId }: { buildId: string }) {
  useEffect(() => {
    let stale = false;
    let inFlight = false;

    async function check() {
      if (stale || inFlight || !shouldPoll(document.hidden)) return;
      inFlight = true;
      try {
        const body = await apiFetch<{ buildId?: unknown }>("/api/version");
        if (isNewBuild(buildId, typeof body.buildId === "string" ? body.buildId : null)) stale = true;
      } catch {
        // Offline or server restarting: try again at the next tick.
      } finally {
        inFlight = false;
      }
    }

    function onClick(event: MouseEvent) {
      if (!stale) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const soft = isSoftNavigationClick(
        event,
        { href: anchor.href, target: anchor.target, hasDownload: anchor.hasAttribute("download") },
        window.location,
      );
      if (!soft) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      window.location.assign(anchor.href);
    }

    function onPopState() {
      if (stale) window.location.reload();
    }

    const timer = window.setInterval(check, VERSION_POLL_MS);
    document.addEventListener("click", onClick, { capture: true });
    window.addEventListener("popstate", onPopState);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("click", onClick, { capture: true });
      window.removeEventListener("popstate", onPopState);
    };
  }, [buildId]);

  return null;
}
