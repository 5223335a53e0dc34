import crypto from "node:crypto";
import fs from "node:fs";
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

/** The receiver sample of docs/integrations.md ("Verify a delivery (Node)"), run as written. */
function docsVerify(): (header: unknown, secret: string, rawBody: string, now?: number) => boolean {
  const doc = fs.readFileSync("docs/integrations.md", "utf8");
  const code = /Verify a delivery \(Node\):\s*```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!code) throw new Error("docs/integrations.md: the receiver sample is missing");
  const body = code.replace(
    'import { createHmac, timingSafeEqual } from "node:crypto";',
    "const { createHmac, timingSafeEqual } = crypto;",
  );
  // The sample is plain JavaScript for receivers to copy; evaluating it is how its text is tested.
  return new Function("crypto", "Buffer", `${body}\nreturn verify;`)(crypto, Buffer);
}

describe("the receiver sample in docs/integrations.md", () => {
  const verify = docsVerify();
  const secret = "whsec_docs_sample";
  const body = JSON.stringify({ id: "e2", type: "faucet.paid" });
  const now = 1_800_000_000;
  const header = signWebhook(secret, now, body);

  it("accepts what the portal signs", () => {
    expect(verify(header, secret, body, now + 10)).toBe(true);
  });

  it.each([
    ["a short signature (RangeError in timingSafeEqual before)", `t=${now},v1=abcd`],
    ["a long signature", `${header}00`],
    ["a non-hex signature", `t=${now},v1=${"z".repeat(64)}`],
    ["no v1", `t=${now}`],
    ["no timestamp (NaN passed the replay check before)", `v1=${header.split("v1=")[1]}`],
    ["a stale timestamp", signWebhook(secret, now - 301, body)],
    ["an empty header", ""],
    ["no header", undefined],
  ])("answers false, never throws, for %s", (_what, h) => {
    expect(verify(h, secret, body, now)).toBe(false);
  });
});

describe("retry backoff", () => {
  it("doubles from 10 s and caps at an hour", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([10, 20, 40, 80]);
    expect(retryDelaySeconds(30)).toBe(3600);
  });
});
