import { ApiClientError, type ApiFetchOptions, apiFetch } from "@/lib/api-client";
import type { NameMessage, NameRecord, NameRegistered, NameSuggestions } from "./schema";

// Browser calls to the names API (docs/api.md "Names"). The seed: an API error carries the first
// reason's description (our `error.message`); without one the default text for the call is shown.

/** What a names error answer adds beside `error`: suggested free names, and when a rename is possible. */
export function nameErrorDetails(err: unknown): { suggestions: string[]; renameAvailableAt: number | null } {
  const body = (err instanceof ApiClientError ? err.body : null) as {
    suggestions?: unknown;
    rename_available_at?: unknown;
  } | null;
  return {
    suggestions: Array.isArray(body?.suggestions) ? (body.suggestions as string[]) : [],
    renameAvailableAt: typeof body?.rename_available_at === "number" ? body.rename_available_at : null,
  };
}

const call = <T>(path: string, fallbackMessage: string, opts: ApiFetchOptions = {}) =>
  apiFetch<T>(path, { ...opts, fallbackMessage });

const enc = encodeURIComponent;

export const fetchNameSuggestions = (label: string, signal?: AbortSignal) =>
  call<NameSuggestions>(`/api/profile/suggestions/${enc(label)}`, "Error fetching name suggestions", {
    signal,
  });

export const resolveName = (name: string, signal?: AbortSignal) =>
  call<NameRecord>(`/api/profile/account/${enc(name)}`, "Error resolving name", { signal });

export const fetchNamesOf = (address: string, signal?: AbortSignal) =>
  call<NameRecord[]>(`/api/profile/reverse/${enc(address)}`, "Error fetching names for address", { signal });

export const fetchNameMessage = (label: string, address: string) =>
  call<NameMessage>(
    `/api/profile/message?name=${enc(label)}&address=${enc(address)}`,
    `Error registering name ${label}`,
  );

export const registerAccountName = (
  label: string,
  body: { coin_type: number; address: string; message: string; signature: string },
) => call<NameRegistered>("/api/profile/account", `Error registering name ${label}`, { body });
