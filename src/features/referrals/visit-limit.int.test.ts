// POST /api/referral/visit looks the code up on every call; a script sending codes from one client
// is refused after 60 a minute, other clients are not affected (docs/api.md "Rates").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/referral/visit/route";
import { CLIENT_IP_HEADER, HTTP_ENTRY_ENV } from "@/server/client-ip";
import { openTestApp, type TestApp } from "../../../test/app-env";
import { awayFromWindowEdge } from "../../../test/rate-window";

const SITE = "http://localhost:3000";
let app: TestApp;

beforeAll(async () => {
  // As behind the HTTP entry (scripts/serve.ts), which passes the client address it decided.
  app = await openTestApp("referral-visit", {
    PUBLIC_URL: SITE,
    [HTTP_ENTRY_ENV]: "1",
    TRUST_PROXY_HOPS: undefined,
  });
});
afterAll(() => app?.close());

/** The i-th code of the right shape that nobody has (the alphabet has no 0, 1, I or O). */
const unknownCode = (i: number) => `ZZZZ${"23456789ABCDEFGH"[i >> 4]}${"23456789ABCDEFGH"[i & 15]}ZZ`;

const visit = (ip: string, code: string) =>
  POST(
    new Request(`${SITE}/api/referral/visit`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE, [CLIENT_IP_HEADER]: ip },
      body: JSON.stringify({ code }),
    }),
    { params: Promise.resolve({}) },
  );

describe("POST /api/referral/visit per client", () => {
  it("answers the 61st call in a minute from one client with 429, and another client still gets through", async () => {
    await awayFromWindowEdge();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await visit("203.0.113.50", unknownCode(i))).status);
    expect(new Set(statuses)).toEqual(new Set([404]));
    const refused = await visit("203.0.113.50", unknownCode(61));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect((await visit("203.0.113.51", unknownCode(0))).status).toBe(404);
  });
});
