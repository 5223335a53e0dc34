import {
  accountAddress,
  accountParams,
  balanceQuery,
  balanceResponse,
  balanceResponseSchema,
} from "@/features/wallet/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    session: "required",
    params: accountParams,
    query: balanceQuery,
    summary: "Token balances of an address with USD values (cached 30 s; ?forceUpdate=true skips the cache)",
    response: balanceResponseSchema,
  },
  ({ params, query }) => balanceResponse(accountAddress(params.address), query.forceUpdate === "true"),
);
