import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { SwapPage } from "@/features/swap";
import { getAmmEnv } from "@/features/tokens/server";
import { ROUTES } from "@/lib/routes";
import { config } from "@/server/config";

export const metadata: Metadata = { title: "Swap" };

export default async function Swap() {
  await requirePageSession(ROUTES.swap.path);
  return <SwapPage env={getAmmEnv()} nativeSymbol={config().NATIVE_SYMBOL} />;
}
