import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "@/server/config";
import { endpointInput } from "./schema";
import { redactedUrl } from "./server/webhooks";

// Webhook URLs are stored as the URL parser spells them: webhook_endpoints_url_check (`^https?://`)
// is case-sensitive, so `HTTPS://…` as typed failed the insert (a 500 in the console, and a worker
// that restarted for ever on WEBHOOK_URLS).

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "aurum-cfg-"));

describe("webhook URLs", () => {
  it("WEBHOOK_URLS: an upper-case scheme and host are lower-cased, the path kept as written", () => {
    const c = parseConfig({
      DATA_DIR: tmp(),
      WEBHOOK_URLS:
        "HTTPS://Hooks.Example.COM:443/Services/T0K|0123456789abcdef0,Http://b.example|abcdefghijklmnopq",
    });
    expect(c.WEBHOOK_URLS).toEqual([
      { url: "https://hooks.example.com/Services/T0K", secret: "0123456789abcdef0" },
      { url: "http://b.example/", secret: "abcdefghijklmnopq" },
    ]);
    for (const { url } of c.WEBHOOK_URLS) expect(url).toMatch(/^https?:\/\//);
    expect(() =>
      parseConfig({ DATA_DIR: tmp(), WEBHOOK_URLS: "FTP://a.example/x|0123456789abcdef0" }),
    ).toThrow(/WEBHOOK_URLS/);
  });

  it("the console's body: the same normalisation", () => {
    expect(endpointInput.parse({ url: "HTTPS://Hooks.Example.COM/In?x=1" }).url).toBe(
      "https://hooks.example.com/In?x=1",
    );
    expect(endpointInput.safeParse({ url: "javascript:alert(1)" }).success).toBe(false);
  });

  it("is shown as scheme and host only: no path, query or userinfo", () => {
    expect(redactedUrl("https://hooks.slack.com/services/T0/B0/secretToken")).toBe(
      "https://hooks.slack.com/<hidden>",
    );
    expect(redactedUrl("https://user:pw@hooks.example:8443/?token=x")).toBe(
      "https://hooks.example:8443/<hidden>",
    );
    expect(redactedUrl("https://hooks.example/")).toBe("https://hooks.example");
  });
});
