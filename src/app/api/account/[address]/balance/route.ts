import { requireSession } from "@/features/auth";
import { addressParam, balanceResponse } from "@/features/wallet/server";
import { route } from "@/server/errors";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ address: string }> };

export const GET = route<Ctx>(async (req, ctx) => {
  await requireSession(req);
  const address = addressParam((await ctx.params).address);
  return balanceResponse(address, new URL(req.url));
});
