import { z } from "zod";

// Wire schemas of the account API (client-safe): path/query inputs and the answers, shared by the
// route handlers (validation and the OpenAPI document) and tests.

/** The `{address}` path segment as Next decoded it (checked by `accountAddress` in ./server/api.ts). */
export const accountParams = z.object({ address: z.string() });

export const balanceQuery = z.object({
  /** `true` skips the server's 30 s cache. Anything else is ignored, as before. */
  forceUpdate: z.string().optional(),
});

export const historyQuery = z.object({
  cursor: z.string().optional(),
  limit: z.coerce
    .number({ error: "a whole number from 1 to 100" })
    .int("a whole number from 1 to 100")
    .min(1, "a whole number from 1 to 100")
    .max(100, "a whole number from 1 to 100")
    .default(20),
});

const quantity = z.object({ decimals: z.string(), numeric: z.string() });

export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string(),
  address: z.string().optional(),
  value: z.number(),
  price: z.number(),
  quantity,
  iconUrl: z.string(),
});

/** `GET /api/account/{address}/balance` */
export const balanceResponseSchema = z.object({
  balances: z.array(tokenBalanceSchema),
  status: z.enum(["ok", "unavailable"]),
  fetchedAt: z.string(),
});

export const activityTransferSchema = z.object({
  direction: z.enum(["in", "out"]),
  name: z.string(),
  symbol: z.string(),
  address: z.string().optional(),
  quantity,
});

/** `GET /api/account/{address}/history` */
export const historyPageSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      status: z.enum(["confirmed", "failed"]),
      txHash: z.string(),
      blockNumber: z.number(),
      time: z.string(),
      explorerUrl: z.string(),
      counterparty: z.string().nullable(),
      transfers: z.array(activityTransferSchema),
      metadata: z.object({ minedAt: z.string(), chain: z.string() }),
    }),
  ),
  next: z.string().nullable(),
});
