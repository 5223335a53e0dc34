import type { NameMessage, NameRecord, NameRegistered, NameSuggestions } from "./schema";

// Browser calls to the names API (docs/api.md "Names"). The seed: an API error carries the first
// reason's description (our `error.message`); without one the default text for the call is shown.

export class NameApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    readonly suggestions: string[] = [],
    /** 409 RENAME_COOLDOWN: when a rename is possible (Unix seconds). */
    readonly renameAvailableAt: number | null = null,
  ) {
    super(message);
    this.name = "NameApiError";
  }
}

async function call<T>(path: string, fallback: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: "same-origin", cache: "no-store", ...init });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new NameApiError(0, fallback);
  }
  const body = (await res.json().catch(() => null)) as
    | (T & {
        error?: { code?: string; message?: string };
        suggestions?: string[];
        rename_available_at?: number;
      })
    | null;
  if (!res.ok) {
    throw new NameApiError(
      res.status,
      body?.error?.message || fallback,
      body?.error?.code ?? null,
      Array.isArray(body?.suggestions) ? body.suggestions : [],
      typeof body?.rename_available_at === "number" ? body.rename_available_at : null,
    );
  }
  return body as T;
}

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
) =>
  call<NameRegistered>("/api/profile/account", `Error registering name ${label}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
