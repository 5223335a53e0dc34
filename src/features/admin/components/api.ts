import { apiFetch } from "@/lib/api-client";

/** Browser calls to /api/admin (src/lib/api-client.ts): a failure throws the server's message. */
export const adminApi = apiFetch;

export const newKey = () => crypto.randomUUID();

export const shortAddr = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

export const when = (iso: string | null) =>
  iso ? new Date(iso).toISOString().replace("T", " ").slice(0, 16) : "—";

/** "Joined" of an address the points import added that has not signed in yet. */
export const NOT_SIGNED_IN = "Not signed in yet";

/** `YYYY-MM-DD` of n days ago (UTC). */
export const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
