// Test helpers (integration tests only): signed-in users and requests to route handlers.
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Db } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { config, resetConfigForTests } from "@/server/config";

export type TestUser = { userId: string; address: `0x${string}`; cookie: string };

/** Fixes the settings route handlers read: a session secret, and optional staff addresses. */
export function configureForTests(env: { adminAddresses?: string[] } = {}): void {
  process.env.SESSION_SECRET = "test-secret-test-secret-test-secret-0123456789";
  process.env.ADMIN_ADDRESSES = (env.adminAddresses ?? []).join(",");
  delete process.env.PUBLIC_URL;
  resetConfigForTests();
}

/** A new wallet that signed in: its user row, a live session row and the Cookie header for it. */
export async function signedInUser(db: Db, address?: `0x${string}`): Promise<TestUser> {
  const addr = address ?? privateKeyToAccount(generatePrivateKey()).address;
  const { user, cookieHeader } = await createTestSession(addr, { db });
  return { userId: user.id, address: user.address, cookie: cookieHeader };
}

export function origin(): string {
  return config().origin;
}

export function apiRequest(
  path: string,
  init: { method?: string; user?: TestUser | null; body?: unknown; headers?: Record<string, string> } = {},
): Request {
  const method = init.method ?? "GET";
  const headers: Record<string, string> = { ...init.headers };
  if (init.user) headers.cookie = init.user.cookie;
  if (method !== "GET" && !("origin" in headers)) headers.origin = origin();
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    headers["content-type"] = "application/json";
  }
  return new Request(new URL(path, origin()), { method, headers, body });
}

export const params = <T>(value: T) => ({ params: Promise.resolve(value) });
