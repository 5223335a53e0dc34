"use client";

import { useEffect } from "react";
import { apiFetch } from "@/lib/api-client";

/**
 * Records the reader's first read of the article (the "read an article" task) from the browser: the
 * page came as a signed-in shell, rendered without a session (docs/ARCHITECTURE.md, "Rendering and
 * CSP"), so the server could not. Renders nothing; a failed call is retried once after a pause (the
 * task's check says "not read yet" meanwhile, and opening the article again records it).
 */
export function ArticleReadMark({ slug }: { slug: string }) {
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const record = (attempt: number) =>
      apiFetch(`/api/news/${encodeURIComponent(slug)}/read`, { method: "POST" }).catch(() => {
        if (!stopped && attempt === 0) timer = setTimeout(() => void record(1), 3_000);
      });
    void record(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [slug]);
  return null;
}
