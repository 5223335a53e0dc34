/** An API answer that is not OK; `message` is the server's human text (shown as is). */
export class CampaignApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "CampaignApiError";
  }
}

/** The JSON of an OK answer, or a CampaignApiError with the server's message. */
export async function readApi<T>(res: Response): Promise<T> {
  if (res.ok) return (await res.json()) as T;
  let message = `HTTP status code: ${res.status}`;
  try {
    const body = (await res.json()) as { error?: { message?: string } };
    if (body.error?.message) message = body.error.message;
  } catch {
    // Not JSON (a proxy's error page): keep the status text.
  }
  const retry = Number(res.headers.get("retry-after"));
  throw new CampaignApiError(res.status, message, Number.isFinite(retry) && retry > 0 ? retry : null);
}
