/** An API answer that is not OK; `message` is the server's human text (DESIGN.md error shape), shown as is. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "ApiClientError";
  }
}

/** The JSON of an OK answer, or an ApiClientError carrying the server's message and Retry-After. */
export async function readApiResponse<T>(res: Response): Promise<T> {
  if (res.ok) return (await res.json()) as T;
  let message = `HTTP status code: ${res.status}`;
  try {
    const body = (await res.json()) as { error?: { message?: string } };
    if (body.error?.message) message = body.error.message;
  } catch {
    // Not JSON (a proxy's error page): keep the status text.
  }
  const retry = Number(res.headers.get("retry-after"));
  throw new ApiClientError(res.status, message, Number.isFinite(retry) && retry > 0 ? retry : null);
}
