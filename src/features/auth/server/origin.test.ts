import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/server/config";
import { assertSameOrigin } from "./origin";

// Any PORT/PUBLIC_URL in the environment is overridden here: the site is this one.
const SITE = "http://localhost:3000";
let saved: string | undefined;
beforeAll(() => {
  saved = process.env.PUBLIC_URL;
  process.env.PUBLIC_URL = SITE;
  process.env.SESSION_SECRET = "s".repeat(64);
  resetConfigForTests();
});
afterAll(() => {
  if (saved === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = saved;
  resetConfigForTests();
});

const post = (headers: Record<string, string>) => new Request(`${SITE}/api/x`, { method: "POST", headers });
const refused = (headers: Record<string, string>) => {
  try {
    assertSameOrigin(post(headers));
    return false;
  } catch (err) {
    expect(err).toMatchObject({ status: 403, code: "FOREIGN_ORIGIN" });
    return true;
  }
};

describe("assertSameOrigin", () => {
  it("accepts this site's exact origin, and non-browser clients without Origin", () => {
    expect(refused({ origin: SITE })).toBe(false);
    expect(refused({ origin: SITE, "sec-fetch-site": "same-origin" })).toBe(false);
    expect(refused({})).toBe(false);
    expect(refused({ "sec-fetch-site": "same-origin" })).toBe(false);
    expect(refused({ "sec-fetch-site": "none" })).toBe(false);
  });

  it.each([
    "http://localhost:3000.evil.example",
    "http://localhost:30001",
    "http://localhost:300",
    "http://localhost",
    "https://localhost:3000",
    "http://127.0.0.1:3000",
    "http://evil.localhost:3000",
    "http://localhost:3000@evil.example",
    "http://LOCALHOST:3000.evil.example",
    "null",
    "",
  ])("refuses the look-alike Origin %j", (origin) => {
    expect(refused({ origin })).toBe(true);
  });

  it.each(["same-site", "cross-site"])("refuses Sec-Fetch-Site: %s without Origin", (site) => {
    expect(refused({ "sec-fetch-site": site })).toBe(true);
  });
});
