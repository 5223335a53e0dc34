import type { ButtonHTMLAttributes } from "react";
import { cn } from "./cn";
import { PageLink, type PageLinkProps } from "./PageLink";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-control font-medium transition-colors duration-150 " +
  "disabled:cursor-not-allowed disabled:opacity-50 select-none whitespace-nowrap";

// Gold on near-black text is ~9:1; muted borders keep secondary actions calm (docs/ARCHITECTURE.md look and feel).
const variants: Record<ButtonVariant, string> = {
  primary: "bg-gold text-bg hover:bg-gold-hover active:bg-gold-pressed",
  secondary: "border border-border bg-raised text-text hover:border-gold hover:text-gold",
  ghost: "text-muted hover:bg-raised hover:text-text",
  danger: "bg-danger text-bg hover:opacity-90",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
};

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string) {
  return cn(base, variants[variant], sizes[size], extra);
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

export function Button({ variant, size, className, type = "button", ...rest }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...rest} />;
}

export type ButtonLinkProps = PageLinkProps & { variant?: ButtonVariant; size?: ButtonSize };

/** A link that looks like a button (navigation stays a link, for accessibility). */
export function ButtonLink({ variant, size, className, ...rest }: ButtonLinkProps) {
  return <PageLink className={buttonClasses(variant, size, className)} {...rest} />;
}
