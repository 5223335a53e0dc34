import { importPoints, MAX_IMPORT_BYTES, pointsImportResponse } from "@/features/integrations/server";
import { route } from "@/server/route";

/** Admin: credit points earned on quest platforms from CSV `address,points,reason,source_key`, once per source_key. */
export const POST = route(
  {
    summary: "Import points from a CSV (exactly once per source_key)",
    roles: ["admin"],
    textBody: true,
    bodyLimit: MAX_IMPORT_BYTES,
    response: pointsImportResponse,
  },
  async ({ db, text, session }) => importPoints(db, text, session.address),
);
