import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { SwapPage } from "@/features/swap";
import { getAmmEnv } from "@/features/tokens/server";
import { ROUTES } from "@/lib/routes";
import { config } from "@/server/config";
import { isSignedInShellRender } from "@/server/shell-page";

export const metadata: Metadata = { title: "Swap" };

export default async function Swap() {
  // The signed-in shell (src/server/shell-render.ts) is rendered without a session; the HTTP entry
  // serves it only to visitors whose session it has checked.
  if (!(await isSignedInShellRender())) await requirePageSession(ROUTES.swap.path);
  return <SwapPage env={getAmmEnv()} nativeSymbol={config().NATIVE_SYMBOL} />;
}
