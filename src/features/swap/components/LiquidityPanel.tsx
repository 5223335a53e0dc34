"use client";

import { useState } from "react";
import { useConnection } from "wagmi";
import { type AmmEnv, TokenIcon } from "@/features/tokens";
import { useDeferredAnswer } from "@/lib/use-deferred-answer";
import { Card, cn, SegmentedTabs, Skeleton } from "@/ui";
import { useMounted } from "@/wallet-modal";
import { pairLabel, sidesOf } from "../liquidity";
import { type PoolWithPosition, usePools } from "../queries";
import { AddLiquidityForm } from "./AddLiquidityForm";
import { Positions } from "./Positions";
import { RemoveLiquidityForm } from "./RemoveLiquidityForm";

/** Liquidity: pick a pool, add or remove, and the account's positions below. */
export function LiquidityPanel({ env }: { env: AmmEnv }) {
  const mounted = useMounted();
  const connection = useConnection();
  const account = mounted ? connection.address : undefined;
  const pools = usePools(env, account);
  // The pools' answer mounts the picker, a liquidity form and the positions: a deferred pass.
  const shown = useDeferredAnswer(pools.data);
  const [selected, setSelected] = useState(env.pairs[0]?.key);
  const [mode, setMode] = useState<"add" | "remove">("add");
  // While a form's transaction runs, the pool and the tab stay put: switching unmounted the form
  // mid-run, and the remounted one, idle, could send the same request again.
  const [busy, setBusy] = useState(false);
  const pool = shown.data?.find((p) => p.key === selected);

  return (
    <div className="flex flex-col gap-6">
      <Card title="Liquidity">
        <p className="mb-4 text-sm text-muted">
          Deposit both tokens of a pool to earn 0.3 % of every trade through it, in proportion to your share.
        </p>
        {/* A disabled fieldset disables every button in it (SegmentedTabs has no prop of its own). */}
        <fieldset disabled={busy} className="min-w-0 disabled:opacity-60" data-testid="liquidity-choice">
          <PoolPicker env={env} pools={shown.data} selected={selected} onSelect={setSelected} />
          <SegmentedTabs
            className="mb-4"
            options={[
              { value: "add", label: "Add" },
              { value: "remove", label: "Remove" },
            ]}
            value={mode}
            onChange={setMode}
          />
        </fieldset>
        {!pool ? (
          <Skeleton className="h-40 w-full" />
        ) : mode === "add" ? (
          <AddLiquidityForm key={pool.key} env={env} pool={pool} account={account} onBusy={setBusy} />
        ) : (
          <RemoveLiquidityForm key={pool.key} env={env} pool={pool} account={account} onBusy={setBusy} />
        )}
      </Card>
      <Positions
        env={env}
        pools={shown.data}
        loading={pools.isLoading || (shown.arriving && shown.data === undefined)}
        account={account}
      />
    </div>
  );
}

function PoolPicker(props: {
  env: AmmEnv;
  pools: PoolWithPosition[] | undefined;
  selected: string | undefined;
  onSelect: (key: PoolWithPosition["key"]) => void;
}) {
  return (
    <div className="mb-4 flex flex-wrap gap-2" role="radiogroup" aria-label="Pool">
      {props.pools
        ? props.pools.map((p) => {
            const [a, b] = sidesOf(p, props.env.tokens);
            return (
              // biome-ignore lint/a11y/useSemanticElements: a segmented control of buttons
              <button
                key={p.key}
                type="button"
                role="radio"
                aria-checked={p.key === props.selected}
                onClick={() => props.onSelect(p.key)}
                data-testid={`pool-${pairLabel(a.token, b.token)}`}
                className={cn(
                  "flex h-9 items-center gap-2 rounded-control border px-3 text-sm",
                  p.key === props.selected
                    ? "border-gold text-gold"
                    : "border-border text-muted hover:text-text",
                )}
              >
                <span className="flex -space-x-1.5">
                  <TokenIcon id={a.token.id} size={18} />
                  <TokenIcon id={b.token.id} size={18} />
                </span>
                {pairLabel(a.token, b.token)}
              </button>
            );
          })
        : [0, 1, 2].map((i) => <Skeleton key={i} className="h-9 w-32" />)}
    </div>
  );
}
