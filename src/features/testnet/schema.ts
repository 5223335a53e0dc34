import { z } from "zod";

/** `GET /api/chain/status` (client-safe; the type is in ./chain-status-types). */
export const chainStatusSchema = z.object({
  blockNumber: z.string().nullable(),
  gasPriceWei: z.string().nullable(),
  rpc: z.object({ ok: z.boolean(), latencyMs: z.number() }),
});
