import { faucetOverview, faucetResponse } from "@/features/admin/server";
import { route } from "@/server/route";

export const GET = route(
  {
    roles: ["admin"],
    response: faucetResponse,
    summary: "Faucet balances per asset (null when the chain is unreachable), queue and the last 50 claims",
  },
  ({ db }) => faucetOverview(db),
);
