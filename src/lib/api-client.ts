/**
 * The browser's one way to call our HTTP API (docs/ARCHITECTURE.md, "Client API layer"): JSON in,
 * JSON out, same-origin credentials, never the HTTP cache, and one error type carrying the server's
 * error shape `{error: {code, message}}` so every view shows the server's message as is.
 */

/** An API answer that is not OK (or no answer at all: status 0, code NETWORK_ERROR). */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null = null,
    readonly code: string = "HTTP_ERROR",
  ) {
    super(message);
    this.name = "ApiClientError";
  }

  /** Seconds from the server's Retry-After header (429/503), or null. */
  get retryAfter(): number | null {
    return this.retryAfterSeconds;
  }
}

export const OFFLINE_MESSAGE = "Could not reach the server. Check your connection and try again.";

/** The JSON of an OK answer, or an ApiClientError carrying the server's code, message and Retry-After. */
export async function readApiResponse<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => null)) as
    | (T & { error?: { code?: string; message?: string } })
    | null;
  if (res.ok) return body as T;
  const retry = Number(res.headers.get("retry-after"));
  throw new ApiClientError(
    res.status,
    body?.error?.message || `HTTP status code: ${res.status}`,
    Number.isFinite(retry) && retry > 0 ? retry : null,
    body?.error?.code || "HTTP_ERROR",
  );
}

export type ApiFetchOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON (`content-type: application/json`). */
  body?: unknown;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`; keep it the same across retries of one submission. */
  idempotencyKey?: string;
  /** HTTP cache mode; default `no-store` (answers are per user). */
  cache?: RequestCache;
};

/** Calls `path` on our API and returns its JSON, or throws ApiClientError (AbortError passes through). */
export async function apiFetch<T>(path: string, opts: ApiFetchOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.idempotencyKey) headers["idempotency-key"] = opts.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      cache: opts.cache ?? "no-store",
      credentials: "same-origin",
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiClientError(0, OFFLINE_MESSAGE, null, "NETWORK_ERROR");
  }
  return readApiResponse<T>(res);
}

/** The message to show for any error from apiFetch (or anything else thrown on the way). */
export const apiErrorMessage = (err: unknown, fallback = "Network error; try again."): string =>
  err instanceof ApiClientError ? err.message : fallback;
