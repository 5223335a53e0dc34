"use client";

import { useEffect } from "react";
import { ErrorPage } from "@/features/app-shell";
import { Button } from "@/ui/Button";

/**
 * Unhandled errors inside the layout. Server errors reach the browser without their message
 * (Next hides it in production), so the page says what happened in plain words plus the digest
 * that matches the server log line.
 */
export default function GlobalErrorBoundary({
  error,
  retry,
}: {
  error: Error & { digest?: string };
  retry: () => void;
}) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <ErrorPage
      statusCode={500}
      message={
        <>
          Something went wrong
          {error.digest ? (
            <span className="mt-2 block font-id text-xs text-muted">Reference: {error.digest}</span>
          ) : null}
        </>
      }
      action={
        <Button variant="secondary" size="lg" className="h-11" onClick={() => retry()}>
          Try again
        </Button>
      }
    />
  );
}
