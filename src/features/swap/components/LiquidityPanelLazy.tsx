"use client";

import { lazy, Suspense } from "react";
import type { AmmEnv } from "@/features/tokens";
import { Card, Skeleton } from "@/ui";
import { useMounted } from "@/wallet-modal";

const LiquidityPanel = lazy(() => import("./LiquidityPanel").then((m) => ({ default: m.LiquidityPanel })));

/**
 * The liquidity panel, its code loaded after the page has hydrated. The server cannot read the
 * pools (the browser does, with its wallet), so its first paint is placeholders either way; its
 * code (pool reads, add/remove forms, positions) in /swap's first-load JavaScript was downloaded
 * and run before that paint, which a simulated phone charges to LCP and TBT (docs/ARCHITECTURE.md,
 * "Client bundles"; issue 11). The swap card, the page's main control, stays in the first load.
 */
export function LiquidityPanelLazy({ env }: { env: AmmEnv }) {
  // Not during the server render or hydration: the chunk would then be part of the first load.
  if (!useMounted()) return <LiquidityPlaceholder />;
  return (
    <Suspense fallback={<LiquidityPlaceholder />}>
      <LiquidityPanel env={env} />
    </Suspense>
  );
}

/** LiquidityPanel before its first read, box for box (pool picker, tabs, form), so nothing moves. */
function LiquidityPlaceholder() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <Card title="Liquidity">
        <p className="mb-4 text-sm text-muted">
          Deposit both tokens of a pool to earn 0.3 % of every trade through it, in proportion to your share.
        </p>
        <div className="mb-4 flex flex-wrap gap-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-9 w-32" label={i === 0 ? "Loading the pools" : undefined} />
          ))}
        </div>
        {/* SegmentedTabs: a border around p-1 and h-8 buttons. */}
        <Skeleton className="mb-4 h-[42px] w-full" />
        <Skeleton className="h-40 w-full" />
      </Card>
      {/* As Positions renders before the wallet is known (the server render of the panel before). */}
      <Card title="Your positions">
        <p className="text-sm text-muted">Connect your wallet to see your liquidity positions.</p>
      </Card>
    </div>
  );
}
