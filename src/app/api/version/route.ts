import { z } from "zod";
import { buildId } from "@/server/public-config";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/** The running build's id; polled by VersionWatcher to notice a deploy. Never cached. */
export const GET = route(
  {
    summary: "The running build's id (polled to notice a deploy)",
    response: z.object({ buildId: z.string() }),
  },
  () => ({ buildId: buildId() }),
);
