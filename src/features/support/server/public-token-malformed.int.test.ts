// docs/api.md "GET /api/support/public-tickets/{token}": "404 TICKET_NOT_FOUND for an unknown or
// malformed token (never 400, so tokens cannot be probed by shape)". A length cap in the route's
// params schema once answered a token over 200 characters 400 INVALID_INPUT.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as publicReply } from "@/app/api/support/public-tickets/[token]/messages/route";
import { GET as publicGet } from "@/app/api/support/public-tickets/[token]/route";
import type { DbHandle } from "@/db/client";
import { rateLimits } from "@/db/schema";
import { resetConfigForTests } from "@/server/config";
import { testDb } from "../../../../test/db";
import { apiRequest, configureForTests, params } from "./testing";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
  configureForTests();
});
afterAll(async () => {
  resetConfigForTests();
  await handle?.close();
});
beforeEach(async () => {
  await handle.db.delete(rateLimits);
});

const read = (token: string) =>
  publicGet(apiRequest(`/api/support/public-tickets/${token}`), params({ token }));
const reply = (token: string, text: string) =>
  publicReply(
    apiRequest(`/api/support/public-tickets/${token}/messages`, { method: "POST", body: { body: text } }),
    params({ token }),
  );

describe("private ticket link, malformed token", () => {
  it("a long malformed token is 404 TICKET_NOT_FOUND like any other malformed token, not 400", async () => {
    const long = "A".repeat(201);
    const got = await read(long);
    const gotBody = (await got.json()) as { error?: { code?: string } };
    expect({ status: got.status, code: gotBody.error?.code }).toEqual({
      status: 404,
      code: "TICKET_NOT_FOUND",
    });
    const posted = await reply(long, "hello there");
    expect(posted.status).toBe(404);
  });

  it("tokens of every other malformed shape are 404 TICKET_NOT_FOUND on GET and POST", async () => {
    for (const token of [
      "",
      "short",
      "A".repeat(42),
      "A".repeat(44),
      `${"A".repeat(42)}!`,
      "B".repeat(5000),
    ]) {
      const got = await read(token);
      const posted = await reply(token, "hello there");
      const codes = [got, posted].map(async (r) => ({
        status: r.status,
        code: ((await r.json()) as { error?: { code?: string } }).error?.code,
      }));
      expect(await Promise.all(codes), token.slice(0, 50)).toEqual([
        { status: 404, code: "TICKET_NOT_FOUND" },
        { status: 404, code: "TICKET_NOT_FOUND" },
      ]);
    }
  });
});
