import { z } from "zod";
import { issueNonce } from "@/features/auth/server";
import { config } from "@/server/config";
import { route } from "@/server/route";

/**
 * `GET /api/auth/nonce` → `{nonce}`: single use, valid for 10 minutes (docs/api.md). Each call
 * stores a row, so issuing is limited per client address.
 */
export const GET = route(
  {
    summary: "Issue a single-use SIWE nonce",
    rateLimit: {
      name: "auth-nonce",
      by: "ip",
      windowSeconds: 60,
      // Read per request, not at import (route modules are also loaded by `next build`).
      get limit() {
        return config().AUTH_RATE_LIMIT_PER_MINUTE;
      },
    },
    response: z.object({ nonce: z.string() }),
  },
  async ({ db }) => ({ nonce: await issueNonce(db) }),
);
