import { describe, expect, it } from "vitest";
import { retryDelaySeconds } from "./server/delivery";
import { signWebhook, verifyWebhookSignature } from "./server/signature";

describe("webhook signatures", () => {
  const secret = "whsec_test_secret_value";
  const body = JSON.stringify({ id: "e1", type: "task.completed" });
  const now = 1_800_000_000;

  it("verifies its own signature within the replay window", () => {
    expect(verifyWebhookSignature(signWebhook(secret, now, body), secret, body, now + 299)).toBe(true);
  });

  it("refuses a tampered body, another secret, a stale or future timestamp, and junk", () => {
    const header = signWebhook(secret, now, body);
    expect(verifyWebhookSignature(header, secret, `${body} `, now)).toBe(false);
    expect(verifyWebhookSignature(header, "another-secret", body, now)).toBe(false);
    expect(verifyWebhookSignature(header, secret, body, now + 301)).toBe(false);
    expect(verifyWebhookSignature(header, secret, body, now - 301)).toBe(false);
    expect(verifyWebhookSignature("t=abc,v1=zz", secret, body, now)).toBe(false);
    expect(verifyWebhookSignature(null, secret, body, now)).toBe(false);
  });
});

describe("retry backoff", () => {
  it("doubles from 10 s and caps at an hour", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([10, 20, 40, 80]);
    expect(retryDelaySeconds(30)).toBe(3600);
  });
});
