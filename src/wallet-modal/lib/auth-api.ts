/** Browser calls to our SIWE endpoints (docs/api.md). Errors carry the server's message for the UI. */
export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "AuthApiError";
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { credentials: "same-origin", cache: "no-store", ...init });
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!res.ok) {
    throw new AuthApiError(res.status, body?.error?.message ?? `HTTP status code: ${res.status}`);
  }
  return body as T;
}

export const fetchNonce = () => call<{ nonce: string }>("/api/auth/nonce").then((b) => b.nonce);

export const verifySignature = (message: string, signature: string) =>
  call<{ address: `0x${string}` }>("/api/auth/verify", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message, signature }),
  });

export const logout = () => call<unknown>("/api/auth/logout", { method: "POST" });
/** Ends every session of the signed-in wallet, on every device (docs/api.md). */
export const logoutAll = () => call<unknown>("/api/auth/logout-all", { method: "POST" });
