import type { ButtonHTMLAttributes, ReactNode } from "react";
import { PageLink } from "@/ui/PageLink";
import { useWalletContext } from "../context";

/** Small building blocks shared by the views (kept inside the lazily loaded modal chunk). */
export function PrimaryButton({ className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...props}
      className={`h-10 w-full rounded-control bg-gold px-4 text-sm font-semibold text-bg hover:bg-gold-hover active:bg-gold-pressed disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
    />
  );
}

export function SecondaryButton({ className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...props}
      className={`h-10 w-full rounded-control border border-border bg-raised px-4 text-sm font-medium text-text hover:border-gold disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
    />
  );
}

export function ErrorNote({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="alert" className="rounded-control border border-danger/50 bg-danger/10 p-3 text-sm">
      <p className="font-semibold text-danger">{title}</p>
      {children ? <p className="mt-1 text-muted">{children}</p> : null}
    </div>
  );
}

export function WalletIcon({ src, name, size = 40 }: { src?: string; name: string; size?: number }) {
  if (src) {
    // Announced icons are data: URIs or wallet-provided URLs; next/image cannot optimise those.
    // biome-ignore lint/performance/noImgElement: see above
    return <img src={src} alt="" width={size} height={size} className="rounded-control" />;
  }
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size }}
      className="inline-flex items-center justify-center rounded-control bg-raised font-semibold text-gold"
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/**
 * Under a connection or sign-in error: the public help panel on /connect (its FAQ answers and a
 * ticket form that needs no wallet, issue 18). Closes the modal so the panel is not behind it.
 */
export function NeedHelpLink() {
  const { close } = useWalletContext();
  return (
    <p className="text-center text-sm">
      <PageLink
        href="/connect#help"
        onClick={() => close()}
        className="text-gold underline-offset-2 hover:underline"
      >
        Need help? Read the answers or write to the team
      </PageLink>
    </p>
  );
}
