import { apiFetch } from "@/lib/api-client";

/** Browser calls to our SIWE endpoints (docs/api.md), through the one client API layer. */
export const fetchNonce = (signal?: AbortSignal) =>
  apiFetch<{ nonce: string }>("/api/auth/nonce", { signal }).then((b) => b.nonce);

export const verifySignature = (message: string, signature: string) =>
  apiFetch<{ address: `0x${string}` }>("/api/auth/verify", { method: "POST", body: { message, signature } });

export const logout = () => apiFetch<unknown>("/api/auth/logout", { method: "POST" });
/** Ends every session of the signed-in wallet, on every device (docs/api.md). */
export const logoutAll = () => apiFetch<unknown>("/api/auth/logout-all", { method: "POST" });
