"use client";

import { useEffect } from "react";
import { chunkReloadKey, isChunkLoadError, parseTimestamp, shouldReloadForChunkError } from "../chunk-reload";

/**
 * When a code-split chunk fails to load (typically a deploy removed it), reload the page once.
 * A sessionStorage timestamp per path stops a reload loop: at most one reload per 10 s per path.
 */
export function ChunkReloadGuard() {
  useEffect(() => {
    function handle(reason: unknown) {
      if (!isChunkLoadError(reason)) return;
      const key = chunkReloadKey(window.location.pathname);
      let last: number | null = null;
      try {
        last = parseTimestamp(window.sessionStorage.getItem(key));
      } catch {
        // Storage disabled: still reload, the browser's own history limits loops.
      }
      const now = Date.now();
      if (!shouldReloadForChunkError(last, now)) return;
      try {
        window.sessionStorage.setItem(key, String(now));
      } catch {
        // ignore
      }
      window.location.reload();
    }
    const onError = (e: ErrorEvent) => handle(e.error ?? e.message);
    const onRejection = (e: PromiseRejectionEvent) => handle(e.reason);
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);
  return null;
}
