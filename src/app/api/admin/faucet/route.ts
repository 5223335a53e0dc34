import { faucetOverview } from "@/features/admin/server";
import { route } from "@/server/route";

export const GET = route(
  { roles: ["admin"], summary: "Faucet balances per asset, queue and the last 50 claims" },
  ({ db }) => faucetOverview(db),
);
