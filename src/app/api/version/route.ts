import { NextResponse } from "next/server";
import { route } from "@/server/errors";
import { counted } from "@/server/metrics";
import { buildId } from "@/server/public-config";

export const dynamic = "force-dynamic";

/** The running build's id; polled by VersionWatcher to notice a deploy. Never cached. */
export const GET = counted(
  "/api/version",
  route(async () => NextResponse.json({ buildId: buildId() }, { headers: { "Cache-Control": "no-store" } })),
);
