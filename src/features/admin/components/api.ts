import type { QueryClient } from "@tanstack/react-query";
import { ApiClientError, apiFetch } from "@/lib/api-client";

/** Browser calls to /api/admin (src/lib/api-client.ts): a failure throws the server's message. */
export const adminApi = apiFetch;

/** A PATCH body naming the version its form was opened from (docs/api.md, "Edit conflicts"). */
export const withOpenedVersion = (body: Record<string, unknown>, opened: { updatedAt?: string }) => ({
  ...body,
  baseUpdatedAt: opened.updatedAt,
});

/**
 * What follows a console editor's save. Saved: the list is read again and the form closes. Refused
 * because someone else saved the row since the form opened (409 EDIT_CONFLICT): the list is read
 * again, so the form opened next starts from their version; this one stays open with the server's
 * message and the operator's text, to copy from.
 */
export const afterSave = (qc: QueryClient, queryKey: readonly unknown[], onDone: () => void) => ({
  onSuccess: () => {
    void qc.invalidateQueries({ queryKey });
    onDone();
  },
  onError: (err: unknown) => {
    if (err instanceof ApiClientError && err.code === "EDIT_CONFLICT")
      void qc.invalidateQueries({ queryKey });
  },
});

export const newKey = () => crypto.randomUUID();

export const shortAddr = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

export const when = (iso: string | null) =>
  iso ? new Date(iso).toISOString().replace("T", " ").slice(0, 16) : "—";

/** "Joined" of an address the points import added that has not signed in yet. */
export const NOT_SIGNED_IN = "Not signed in yet";

/** `YYYY-MM-DD` of n days ago (UTC). */
export const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
