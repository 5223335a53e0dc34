"use client";

import { lazy, Suspense } from "react";
import type { AmmEnv } from "@/features/tokens";
import { useMounted } from "@/wallet-modal";
import type { StakePool } from "../pools";
import { StakePoolCardPlaceholder } from "./StakePoolShell";

const StakePoolCard = lazy(() => import("./StakePoolCard").then((m) => ({ default: m.StakePoolCard })));

/**
 * A stake pool card whose code loads after the page has hydrated. The server cannot read a pool
 * (the reads are the browser's, with its wallet), so the first paint is the placeholder either
 * way; the live card's code (pool reads, forms, claim and exit) was ~45 KB gzip of /stake's
 * first-load JavaScript, downloaded and run before that paint, which a simulated phone charges to
 * LCP and TBT (docs/ARCHITECTURE.md, "Client bundles"; issue 11). The placeholder has the live
 * card's layout before its first read, so nothing moves when it takes over.
 */
export function StakePoolCardLazy({ env, pool }: { env: AmmEnv; pool: StakePool }) {
  const placeholder = <StakePoolCardPlaceholder pool={pool} />;
  // Not during the server render or hydration: the chunk would then be part of the first load.
  if (!useMounted()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <StakePoolCard env={env} pool={pool} />
    </Suspense>
  );
}
