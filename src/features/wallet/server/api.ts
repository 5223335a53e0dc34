import { NextResponse } from "next/server";
import type { Address } from "viem";
import { getDb } from "@/db/client";
import { accountActivity, currentActivityContext, InvalidCursorError } from "@/features/indexer/server";
import { isValidAddress, normalizeAddress } from "@/lib/address-checks";
import { messages } from "@/lib/validation-messages";
import { ApiError, badRequest } from "@/server/errors";
import type { HistoryPage } from "../types";
import { balanceService } from "./balances";

/** The path's address, or the seed's 400 `Address "{address}" is invalid.` */
export function addressParam(raw: string): Address {
  const value = decodeURIComponent(raw);
  if (!isValidAddress(value)) throw badRequest(messages.address(value), "INVALID_ADDRESS");
  return normalizeAddress(value);
}

/** GET /api/account/{address}/history?cursor= → {data, next}. */
export async function historyResponse(address: Address, url: URL): Promise<Response> {
  const cursor = url.searchParams.get("cursor");
  const limitText = url.searchParams.get("limit");
  const limit = limitText === null ? 20 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw badRequest("limit: a whole number from 1 to 100", "INVALID_INPUT");
  }
  const ctx = currentActivityContext();
  const headers = { "Cache-Control": "private, max-age=15" };
  if (!ctx) return NextResponse.json({ data: [], next: null }, { headers });
  try {
    const page = await accountActivity(await getDb(), address, { cursor, limit, ctx });
    // `satisfies`: the client's wire type must match what the indexer produces.
    return NextResponse.json(page satisfies HistoryPage, { headers });
  } catch (err) {
    if (err instanceof InvalidCursorError) throw badRequest(err.message, "INVALID_CURSOR");
    throw err;
  }
}

/** GET /api/account/{address}/balance[?forceUpdate=true] → {balances, status, fetchedAt}. */
export async function balanceResponse(address: Address, url: URL): Promise<Response> {
  const service = balanceService();
  if (!service) {
    throw new ApiError(
      503,
      "NOT_DEPLOYED",
      "Balances are not available yet: the testnet contracts are not deployed",
    );
  }
  const force = url.searchParams.get("forceUpdate") === "true";
  const body = await service.get(address, { force });
  return NextResponse.json(body, { headers: { "Cache-Control": "private, max-age=0, must-revalidate" } });
}
