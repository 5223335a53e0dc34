import {
  accountAddress,
  accountParams,
  historyPageSchema,
  historyQuery,
  historyResponse,
} from "@/features/wallet/server";
import { route } from "@/server/route";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    session: "required",
    params: accountParams,
    query: historyQuery,
    summary: "The address's on-chain activity, newest first; ?cursor= from the previous page's next",
    response: historyPageSchema,
  },
  ({ db, params, query }) => historyResponse(db, accountAddress(params.address), query),
);
