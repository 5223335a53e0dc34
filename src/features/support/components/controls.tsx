import type { SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cn } from "@/ui";

// Same look as the shared Input, for the controls src/ui does not provide.
const control =
  "w-full rounded-control border bg-bg px-3 text-sm text-text placeholder:text-muted focus:border-gold focus:outline-none";

export function Textarea({
  invalid,
  className,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }) {
  return (
    <textarea
      aria-invalid={invalid || undefined}
      className={cn(control, "py-2 leading-6", invalid ? "border-danger" : "border-border", className)}
      {...rest}
    />
  );
}

export function Select({
  invalid,
  className,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { invalid?: boolean }) {
  return (
    <select
      aria-invalid={invalid || undefined}
      className={cn(control, "h-10", invalid ? "border-danger" : "border-border", className)}
      {...rest}
    />
  );
}
