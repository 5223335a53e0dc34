import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { rateLimit } from "@/features/auth";
import { issueNonce } from "@/features/auth/server/nonces";
import { clientIp } from "@/server/client-ip";
import { config } from "@/server/config";
import { route } from "@/server/errors";
import { counted } from "@/server/metrics";

/** `GET /api/auth/nonce` → `{nonce}`: single use, valid for 10 minutes (docs/api.md). */
export const GET = counted(
  "/api/auth/nonce",
  route(async (req: Request) => {
    // Each call stores a row; a per-address limit keeps one client from flooding the table.
    const ip = clientIp(req, config().TRUST_PROXY_HOPS);
    if (ip) await rateLimit({ key: `auth:nonce:${ip}`, limit: 60, windowSeconds: 60 });
    const nonce = await issueNonce(await getDb());
    return NextResponse.json({ nonce }, { headers: { "Cache-Control": "no-store" } });
  }),
);
