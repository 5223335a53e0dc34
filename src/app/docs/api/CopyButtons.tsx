"use client";

import { useEffect } from "react";

/**
 * Makes the reference's static copy buttons (`button[data-copy]`, html.ts) copy the <pre> before
 * them, with one listener for all of them; the word says "Copied" (or "Copy failed") for 2 s, like
 * src/ui/CopyButton.tsx.
 */
export function CopyButtons() {
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const onClick = async (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest?.("button[data-copy]");
      const word = button?.querySelector("[aria-live]");
      if (!button || !word) return;
      try {
        await navigator.clipboard.writeText(button.previousElementSibling?.textContent ?? "");
        word.textContent = "Copied";
      } catch {
        word.textContent = "Copy failed";
      }
      const t = setTimeout(() => {
        word.textContent = "Copy";
        timers.delete(t);
      }, 2000);
      timers.add(t);
    };
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("click", onClick);
      for (const t of timers) clearTimeout(t);
    };
  }, []);
  return null;
}
