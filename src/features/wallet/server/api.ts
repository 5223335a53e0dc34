import type { Address } from "viem";
import type { Db } from "@/db/client";
import { accountActivity, currentActivityContext, InvalidCursorError } from "@/features/indexer/server";
import { isValidAddress, normalizeAddress } from "@/lib/address-checks";
import { messages } from "@/lib/validation-messages";
import { ApiError, badRequest } from "@/server/errors";
import { json } from "@/server/route";
import type { HistoryPage } from "../types";
import { balanceService } from "./balances";

/**
 * The path's address, or the seed's 400 `Address "{address}" is invalid.` Next has already decoded
 * the segment once; decoding it again would turn `%25…` into a second escape (a malformed one used
 * to throw a 500), so the value is checked exactly as received.
 */
export function accountAddress(raw: string): Address {
  if (!isValidAddress(raw)) throw badRequest(messages.address(raw), "INVALID_ADDRESS");
  return normalizeAddress(raw);
}

/** GET /api/account/{address}/history?cursor=&limit= → {data, next}. */
export async function historyResponse(
  db: Db,
  address: Address,
  query: { cursor?: string; limit: number },
): Promise<Response> {
  const ctx = currentActivityContext();
  const headers = { "Cache-Control": "private, max-age=15" };
  if (!ctx) return json({ data: [], next: null }, { headers });
  try {
    const page = await accountActivity(db, address, {
      cursor: query.cursor ?? null,
      limit: query.limit,
      ctx,
    });
    // `satisfies`: the client's wire type must match what the indexer produces.
    return json(page satisfies HistoryPage, { headers });
  } catch (err) {
    if (err instanceof InvalidCursorError) throw badRequest(err.message, "INVALID_CURSOR");
    throw err;
  }
}

/** GET /api/account/{address}/balance[?forceUpdate=true] → {balances, status, fetchedAt}. */
export async function balanceResponse(address: Address, force: boolean): Promise<Response> {
  const service = balanceService();
  if (!service) {
    throw new ApiError(
      503,
      "NOT_DEPLOYED",
      "Balances are not available yet: the testnet contracts are not deployed",
    );
  }
  const body = await service.get(address, { force });
  return json(body, { headers: { "Cache-Control": "private, max-age=0, must-revalidate" } });
}
