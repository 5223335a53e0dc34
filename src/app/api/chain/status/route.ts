import { chainStatusSchema, getChainStatus } from "@/features/testnet/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

/**
 * Latest block, gas price and RPC health of the testnet. An unreachable RPC is still a 200 with
 * `rpc.ok: false` and null figures: the page shows "unavailable" rather than an error.
 */
export const GET = route(
  {
    summary: "Latest block, gas price and RPC health of the testnet",
    response: chainStatusSchema,
  },
  () => getChainStatus(),
);
