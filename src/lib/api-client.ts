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
    /** The answer's JSON, for the fields a feature adds beside `error` (the names API's `suggestions`). */
    readonly body: unknown = null,
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

/**
 * The JSON of an OK answer, or an ApiClientError carrying the server's code, message and Retry-After.
 * `fallback` is the message when the answer carries none (a proxy's 502, say).
 */
export async function readApiResponse<T>(res: Response, fallback?: string): Promise<T> {
  const body = (await res.json().catch(() => null)) as
    | (T & { error?: { code?: string; message?: string } })
    | null;
  if (res.ok) return body as T;
  const retry = Number(res.headers.get("retry-after"));
  throw new ApiClientError(
    res.status,
    body?.error?.message || fallback || `HTTP status code: ${res.status}`,
    Number.isFinite(retry) && retry > 0 ? retry : null,
    body?.error?.code || "HTTP_ERROR",
    body,
  );
}

export type ApiFetchOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON (`content-type: application/json`); a Blob or File is sent as is, typed by its own type. */
  body?: unknown;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`; keep it the same across retries of one submission. */
  idempotencyKey?: string;
  /** HTTP cache mode; default `no-store` (answers are per user). */
  cache?: RequestCache;
  /**
   * The message of a failure that carries none: an error answer without a message (default
   * `HTTP status code: <status>`) or no answer at all (default OFFLINE_MESSAGE).
   */
  fallbackMessage?: string;
};

/** Calls `path` on our API and returns its JSON, or throws ApiClientError (AbortError passes through). */
export async function apiFetch<T>(path: string, opts: ApiFetchOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const raw = typeof Blob !== "undefined" && opts.body instanceof Blob;
  if (opts.body !== undefined)
    headers["content-type"] = raw
      ? (opts.body as Blob).type || "application/octet-stream"
      : "application/json";
  if (opts.idempotencyKey) headers["idempotency-key"] = opts.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
      headers,
      body: opts.body === undefined ? undefined : raw ? (opts.body as Blob) : JSON.stringify(opts.body),
      signal: opts.signal,
      cache: opts.cache ?? "no-store",
      credentials: "same-origin",
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiClientError(0, opts.fallbackMessage ?? OFFLINE_MESSAGE, null, "NETWORK_ERROR");
  }
  return readApiResponse<T>(res, opts.fallbackMessage);
}

/** The message to show for any error from apiFetch (or anything else thrown on the way). */
export const apiErrorMessage = (err: unknown, fallback = "Network error; try again."): string =>
  err instanceof ApiClientError ? err.message : fallback;
