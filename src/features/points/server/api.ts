import type { Db } from "@/db/client";
import { badRequest } from "@/server/errors";
import type { HistoryPage } from "../schema";
import { InvalidHistoryCursorError, pointsHistory } from "./history";

/** `GET /api/points/history`: a page of the user's ledger; a cursor that is not ours is a 400. */
export async function pointsHistoryPage(
  db: Db,
  userId: string,
  query: { cursor?: string; limit: number },
): Promise<HistoryPage> {
  try {
    return await pointsHistory(db, userId, { cursor: query.cursor ?? null, limit: query.limit });
  } catch (err) {
    if (err instanceof InvalidHistoryCursorError) throw badRequest(err.message, "INVALID_CURSOR");
    throw err;
  }
}
