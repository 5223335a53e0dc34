"use client";

import { useEffect, useState } from "react";
import { cn } from "./cn";

export type CopyButtonProps = {
  value: string /** What is copied, for screen readers ("RPC URL"). */;
  label: string;
  className?: string;
};

/** Copies a value to the clipboard and says so for two seconds. */
export function CopyButton({ value, label, className }: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const t = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(t);
  }, [state]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }
  return (
    <button
      type="button"
      onClick={copy}
      className={cn(
        "inline-flex h-8 shrink-0 items-center rounded-control border border-border px-2.5 text-xs font-medium",
        "text-muted transition-colors hover:border-gold hover:text-gold",
        className,
      )}
    >
      {/* The name is the visible word plus what is copied ("Copy RPC URL"), so it always contains
          the visible text (WCAG 2.5.3, Lighthouse's label-content-name-mismatch). */}
      <span aria-live="polite">
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}
      </span>
      <span className="sr-only"> {label}</span>
    </button>
  );
}
