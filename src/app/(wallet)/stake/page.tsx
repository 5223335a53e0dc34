import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { StakePage } from "@/features/stake";
import { getAmmEnv } from "@/features/tokens/server";
import { ROUTES } from "@/lib/routes";
import { isSignedInShellRender } from "@/server/shell-page";

export const metadata: Metadata = { title: "Stake" };

export default async function Stake() {
  // The signed-in shell (src/server/shell-render.ts) is rendered without a session; the HTTP entry
  // serves it only to visitors whose session it has checked.
  if (!(await isSignedInShellRender())) await requirePageSession(ROUTES.stake.path);
  return <StakePage env={getAmmEnv()} />;
}
