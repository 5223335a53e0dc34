import { createHmac, timingSafeEqual } from "node:crypto";

/** Receivers refuse a signature older than this (replay window, docs/integrations.md). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * `X-Aurum-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` — the scheme
 * Stripe and others use: the timestamp is signed with the body, so a captured request cannot be
 * replayed after the window.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

/** What a receiver does with the header: true only for a fresh, matching signature. */
export function verifyWebhookSignature(
  header: string | null,
  secret: string,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(
    header.split(",").map((kv) => {
      const i = kv.indexOf("=");
      return [kv.slice(0, i).trim(), kv.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, t, body).split("v1=")[1] ?? "", "hex");
  const given = Buffer.from(String(parts.v1 ?? ""), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
