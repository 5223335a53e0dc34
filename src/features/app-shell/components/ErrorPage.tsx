import type { ReactNode } from "react";
import { PageLink } from "@/ui";

export type ErrorPageProps = {
  statusCode: number;
  message: ReactNode;
  /** Optional extra action (e.g. "Try again" on a 500). */
  action?: ReactNode;
};

/** The seed's error page: status code as the heading, the message, and "Go back home" to `/`. */
export function ErrorPage({ statusCode, message, action }: ErrorPageProps) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <h1 className="tabular text-6xl font-semibold tracking-tight text-gold sm:text-7xl">{statusCode}</h1>
      <p className="mt-4 text-lg text-text [overflow-wrap:anywhere]" data-testid="error-message">
        {message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <PageLink
          href="/"
          className="inline-flex h-11 items-center rounded-control bg-gold px-6 text-sm font-medium text-bg hover:bg-gold-hover active:bg-gold-pressed"
        >
          Go back home
        </PageLink>
        {action}
      </div>
    </section>
  );
}
