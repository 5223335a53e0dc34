"use client";

import "./globals.css";

/**
 * Errors in the root layout itself: no layout, providers or header are available here, so this
 * renders its own document with the same look (status code, message, "Go back home").
 */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <body className="bg-bg text-text">
        <title>Something went wrong</title>
        <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-6 text-center">
          <h1 className="tabular text-6xl font-semibold tracking-tight text-gold sm:text-7xl">500</h1>
          <p className="mt-4 text-lg">Something went wrong</p>
          {error.digest ? <p className="mt-2 font-id text-xs text-muted">Reference: {error.digest}</p> : null}
          {/* A plain link: client navigation cannot be trusted when the root layout failed. */}
          <a
            href="/"
            className="mt-8 inline-flex h-11 items-center rounded-control bg-gold px-6 text-sm font-medium text-bg hover:bg-gold-hover"
          >
            Go back home
          </a>
        </main>
      </body>
    </html>
  );
}
