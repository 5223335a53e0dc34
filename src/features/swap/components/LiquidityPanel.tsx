"use client";

import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { type Address, erc20Abi } from "viem";
import { useConfig, useConnection } from "wagmi";
import { getBlock } from "wagmi/actions";
import { routerAbi } from "@/chain/generated";
import {
  type AmmEnv,
  sameAddress,
  type Token,
  TokenIcon,
  underlyingAmounts,
  usePrices,
  useTokenBalances,
} from "@/features/tokens/client";
import { Button, Card, cn, EmptyState, SegmentedTabs, Skeleton } from "@/ui";
import { useMounted } from "@/wallet-modal";
import { formatAmount, parseAmount, toInputString } from "../amount";
import { type AmountsContext, amountsResolver } from "../form";
import { fetchAllowance, type PoolWithPosition, usePools } from "../queries";
import { DEFAULT_SLIPPAGE_BPS, minimumReceived } from "../slippage";
import { TxError, useTransactionRunner } from "../tx-runner";

type Side = { token: Token; reserve: bigint };

/** The two sides of a pool as the user trades them: the wrapped native side is shown as the native coin. */
function sidesOf(pool: PoolWithPosition, tokens: readonly Token[]): [Side, Side] {
  const side = (address: Address, reserve: bigint): Side => {
    const native = tokens.find((t) => t.isNative && sameAddress(t.poolAddress, address));
    const token = native ?? tokens.find((t) => sameAddress(t.address, address));
    if (!token) throw new Error(`unknown pool token ${address}`);
    return { token, reserve };
  };
  return [side(pool.token0, pool.reserve0), side(pool.token1, pool.reserve1)];
}

const pairLabel = (a: Token, b: Token) => `${a.symbol}/${b.symbol}`;

export function LiquidityPanel({ env }: { env: AmmEnv }) {
  const mounted = useMounted();
  const connection = useConnection();
  const account = mounted ? connection.address : undefined;
  const pools = usePools(env, account);
  const [selected, setSelected] = useState(env.pairs[0]?.key);
  const [mode, setMode] = useState<"add" | "remove">("add");
  const pool = pools.data?.find((p) => p.key === selected);

  return (
    <div className="flex flex-col gap-6">
      <Card title="Liquidity">
        <p className="mb-4 text-sm text-muted">
          Deposit both tokens of a pool to earn 0.3 % of every trade through it, in proportion to your share.
        </p>
        <div className="mb-4 flex flex-wrap gap-2" role="radiogroup" aria-label="Pool">
          {pools.data
            ? pools.data.map((p) => {
                const [a, b] = sidesOf(p, env.tokens);
                return (
                  // biome-ignore lint/a11y/useSemanticElements: a segmented control of buttons
                  <button
                    key={p.key}
                    type="button"
                    role="radio"
                    aria-checked={p.key === selected}
                    onClick={() => setSelected(p.key)}
                    data-testid={`pool-${pairLabel(a.token, b.token)}`}
                    className={cn(
                      "flex h-9 items-center gap-2 rounded-control border px-3 text-sm",
                      p.key === selected
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
        <SegmentedTabs
          className="mb-4"
          options={[
            { value: "add", label: "Add" },
            { value: "remove", label: "Remove" },
          ]}
          value={mode}
          onChange={setMode}
        />
        {!pool ? (
          <Skeleton className="h-40 w-full" />
        ) : mode === "add" ? (
          <AddLiquidity key={pool.key} env={env} pool={pool} account={account} />
        ) : (
          <RemoveLiquidity key={pool.key} env={env} pool={pool} account={account} />
        )}
      </Card>
      <Positions env={env} pools={pools.data} loading={pools.isLoading} account={account} />
    </div>
  );
}

function AddLiquidity({
  env,
  pool,
  account,
}: {
  env: AmmEnv;
  pool: PoolWithPosition;
  account: Address | undefined;
}) {
  const config = useConfig();
  const run = useTransactionRunner(env);
  const [a, b] = sidesOf(pool, env.tokens);
  const balances = useTokenBalances(env.tokens, account);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ctx = useRef<AmountsContext<"a" | "b">>({ a: { token: a.token }, b: { token: b.token } });
  ctx.current = {
    a: { token: a.token, balance: account ? balances.data?.[a.token.id] : undefined },
    b: { token: b.token, balance: account ? balances.data?.[b.token.id] : undefined },
  };
  const form = useForm<{ a: string; b: string }>({
    mode: "onChange",
    defaultValues: { a: "", b: "" },
    resolver: amountsResolver(() => ctx.current),
  });
  const errors = form.formState.errors;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check amounts when balances change
  useEffect(() => {
    if (form.getValues("a") || form.getValues("b")) void form.trigger();
  }, [balances.data]);

  // The other side follows the pool ratio, as Router.quote computes it (rounded down).
  const typed = (field: "a" | "b", value: string) => {
    setError(null);
    form.setValue(field, value, { shouldValidate: true });
    const [from, to] = field === "a" ? [a, b] : [b, a];
    const p = parseAmount(value, from.token.decimals);
    const other = field === "a" ? "b" : "a";
    if (p.ok && from.reserve > 0n) {
      form.setValue(other, toInputString((p.value * to.reserve) / from.reserve, to.token.decimals), {
        shouldValidate: true,
      });
    } else if (!value) form.setValue(other, "", { shouldValidate: false });
  };

  async function submit(values: { a: string; b: string }) {
    if (!account) return;
    const pa = parseAmount(values.a, a.token.decimals);
    const pb = parseAmount(values.b, b.token.decimals);
    if (!pa.ok || !pb.ok) return;
    setError(null);
    try {
      const block = await getBlock(config, { chainId: env.chainId });
      const deadline = block.timestamp + 20n * 60n;
      const sides = [
        { side: a, amount: pa.value },
        { side: b, amount: pb.value },
      ];
      for (const { side, amount } of sides) {
        if (side.token.isNative) continue;
        const current = await fetchAllowance(config, {
          chainId: env.chainId,
          token: side.token.address,
          owner: account,
          spender: env.contracts.router,
        });
        if (current < amount) {
          setBusy(`Approve ${side.token.symbol}…`);
          await run({
            label: `Approve ${formatAmount(amount, side.token.decimals)} ${side.token.symbol}`,
            address: side.token.address,
            abi: erc20Abi,
            functionName: "approve",
            args: [env.contracts.router, amount],
          });
        }
      }
      setBusy("Add liquidity in your wallet…");
      const native = sides.find((s) => s.side.token.isNative);
      const erc = sides.filter((s) => !s.side.token.isNative);
      const label = `Add ${formatAmount(pa.value, a.token.decimals)} ${a.token.symbol} + ${formatAmount(pb.value, b.token.decimals)} ${b.token.symbol}`;
      if (native && erc[0]) {
        const t = erc[0];
        await run({
          label,
          address: env.contracts.router,
          abi: routerAbi,
          functionName: "addLiquidityETH",
          args: [
            t.side.token.address,
            t.amount,
            minimumReceived(t.amount, DEFAULT_SLIPPAGE_BPS),
            minimumReceived(native.amount, DEFAULT_SLIPPAGE_BPS),
            account,
            deadline,
          ],
          value: native.amount,
        });
      } else {
        await run({
          label,
          address: env.contracts.router,
          abi: routerAbi,
          functionName: "addLiquidity",
          args: [
            a.token.address,
            b.token.address,
            pa.value,
            pb.value,
            minimumReceived(pa.value, DEFAULT_SLIPPAGE_BPS),
            minimumReceived(pb.value, DEFAULT_SLIPPAGE_BPS),
            account,
            deadline,
          ],
        });
      }
      form.reset({ a: "", b: "" });
    } catch (err) {
      setError(err instanceof TxError ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  }

  const values = form.watch();
  const ready =
    parseAmount(values.a, a.token.decimals).ok &&
    parseAmount(values.b, b.token.decimals).ok &&
    !errors.a &&
    !errors.b;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      className="flex flex-col gap-3"
      data-testid="add-liquidity"
    >
      {(
        [
          ["a", a],
          ["b", b],
        ] as const
      ).map(([field, side]) => (
        <label
          key={field}
          className={cn(
            "flex flex-col gap-1 rounded-control border bg-bg p-3",
            errors[field] ? "border-danger" : "border-border",
          )}
        >
          <span className="flex justify-between text-sm text-muted">
            <span className="flex items-center gap-2 text-text">
              <TokenIcon id={side.token.id} size={20} /> {side.token.symbol}
            </span>
            <span className="tabular">
              {account && balances.data
                ? `Balance ${formatAmount(balances.data[side.token.id] ?? 0n, side.token.decimals, 4)}`
                : ""}
            </span>
          </span>
          <input
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            aria-label={`${side.token.symbol} amount`}
            data-testid={`liquidity-${field}`}
            aria-invalid={errors[field] ? true : undefined}
            value={values[field]}
            onChange={(e) => typed(field, e.target.value.replace(",", "."))}
            className="tabular bg-transparent text-xl focus:outline-none"
          />
          {errors[field] ? (
            <span role="alert" className="text-xs text-danger">
              {errors[field]?.message}
            </span>
          ) : null}
        </label>
      ))}
      <p className="text-xs text-muted">
        Amounts follow the pool price. Minimums allow 1 % price movement; the deadline is 20 minutes.
      </p>
      <Button
        type="submit"
        size="lg"
        disabled={!account || !ready || Boolean(busy)}
        data-testid="add-liquidity-submit"
      >
        {busy ?? (account ? "Add liquidity" : "Connect your wallet to add liquidity")}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function RemoveLiquidity({
  env,
  pool,
  account,
}: {
  env: AmmEnv;
  pool: PoolWithPosition;
  account: Address | undefined;
}) {
  const config = useConfig();
  const run = useTransactionRunner(env);
  const [a, b] = sidesOf(pool, env.tokens);
  const [percent, setPercent] = useState("100");
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pct = /^\d+$/.test(percent) ? Number(percent) : Number.NaN;
  const pctError =
    Number.isNaN(pct) || pct < 1 || pct > 100 ? "Enter a whole percentage from 1 to 100" : null;
  const liquidity = pctError ? 0n : (pool.lpBalance * BigInt(pct)) / 100n;
  const out = underlyingAmounts(pool, liquidity);
  const [outA, outB] = sameAddress(pool.token0, a.token.poolAddress)
    ? [out.amount0, out.amount1]
    : [out.amount1, out.amount0];

  async function submit() {
    if (!account || liquidity === 0n) return;
    setError(null);
    try {
      const block = await getBlock(config, { chainId: env.chainId });
      const deadline = block.timestamp + 20n * 60n;
      const current = await fetchAllowance(config, {
        chainId: env.chainId,
        token: pool.address,
        owner: account,
        spender: env.contracts.router,
      });
      if (current < liquidity) {
        setBusy("Approve LP tokens…");
        await run({
          label: `Approve ${formatAmount(liquidity, 18)} ${pairLabel(a.token, b.token)} LP`,
          address: pool.address,
          abi: erc20Abi,
          functionName: "approve",
          args: [env.contracts.router, liquidity],
        });
      }
      setBusy("Remove liquidity in your wallet…");
      const label = `Remove ${formatAmount(outA, a.token.decimals)} ${a.token.symbol} + ${formatAmount(outB, b.token.decimals)} ${b.token.symbol}`;
      const native = a.token.isNative
        ? { n: a, nOut: outA, t: b, tOut: outB }
        : b.token.isNative
          ? { n: b, nOut: outB, t: a, tOut: outA }
          : null;
      if (native) {
        await run({
          label,
          address: env.contracts.router,
          abi: routerAbi,
          functionName: "removeLiquidityETH",
          args: [
            native.t.token.address,
            liquidity,
            minimumReceived(native.tOut, DEFAULT_SLIPPAGE_BPS),
            minimumReceived(native.nOut, DEFAULT_SLIPPAGE_BPS),
            account,
            deadline,
          ],
        });
      } else {
        await run({
          label,
          address: env.contracts.router,
          abi: routerAbi,
          functionName: "removeLiquidity",
          args: [
            a.token.address,
            b.token.address,
            liquidity,
            minimumReceived(outA, DEFAULT_SLIPPAGE_BPS),
            minimumReceived(outB, DEFAULT_SLIPPAGE_BPS),
            account,
            deadline,
          ],
        });
      }
    } catch (err) {
      setError(err instanceof TxError ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  }

  if (account && pool.lpBalance === 0n) {
    return (
      <p className="py-6 text-center text-sm text-muted">
        You have no liquidity in this pool. Add some first.
      </p>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="flex flex-col gap-3"
      data-testid="remove-liquidity"
    >
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted">Amount</span>
          <input
            inputMode="numeric"
            value={percent}
            onChange={(e) => setPercent(e.target.value.trim())}
            aria-invalid={pctError ? true : undefined}
            data-testid="remove-percent"
            className={cn(
              "tabular h-9 w-20 rounded-control border bg-bg px-2 text-right focus:outline-none",
              pctError ? "border-danger" : "border-border",
            )}
          />
          <span className="text-muted">%</span>
        </label>
        {[25, 50, 75, 100].map((p) => (
          <button
            key={p}
            type="button"
            onClick={() => setPercent(String(p))}
            className={cn(
              "h-8 rounded-control border px-2 text-xs",
              pct === p ? "border-gold text-gold" : "border-border text-muted hover:text-text",
            )}
          >
            {p === 100 ? "Max" : `${p} %`}
          </button>
        ))}
      </div>
      {pctError ? (
        <p role="alert" className="text-xs text-danger">
          {pctError}
        </p>
      ) : null}
      <div className="rounded-control border border-border bg-bg p-3 text-sm">
        <p className="mb-2 text-muted">You receive at least (1 % slippage)</p>
        {[
          [a, outA],
          [b, outB],
        ].map(([side, amount]) => (
          <p key={(side as Side).token.id} className="flex items-center justify-between">
            <span className="flex items-center gap-2">
              <TokenIcon id={(side as Side).token.id} size={18} /> {(side as Side).token.symbol}
            </span>
            <span className="tabular">
              {formatAmount(
                minimumReceived(amount as bigint, DEFAULT_SLIPPAGE_BPS),
                (side as Side).token.decimals,
              )}
            </span>
          </p>
        ))}
      </div>
      <Button
        type="submit"
        size="lg"
        disabled={!account || Boolean(pctError) || liquidity === 0n || Boolean(busy)}
        data-testid="remove-liquidity-submit"
      >
        {busy ?? (account ? "Remove liquidity" : "Connect your wallet to remove liquidity")}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function Positions({
  env,
  pools,
  loading,
  account,
}: {
  env: AmmEnv;
  pools: PoolWithPosition[] | undefined;
  loading: boolean;
  account: Address | undefined;
}) {
  const prices = usePrices(env.pairs.map((p) => `eip155:${env.chainId}:${p.address}`));
  const mine = pools?.filter((p) => p.lpBalance > 0n) ?? [];
  return (
    <Card title="Your positions">
      {!account ? (
        <p className="text-sm text-muted">Connect your wallet to see your liquidity positions.</p>
      ) : loading ? (
        <Skeleton className="h-20 w-full" />
      ) : mine.length === 0 ? (
        <EmptyState
          title="No liquidity yet"
          description="Add liquidity to a pool above; your share and the tokens it holds will show here."
        />
      ) : (
        <ul className="flex flex-col divide-y divide-border" data-testid="positions">
          {mine.map((p) => {
            const [a, b] = sidesOf(p, env.tokens);
            const u = underlyingAmounts(p, p.lpBalance);
            const [ua, ub] = sameAddress(p.token0, a.token.poolAddress)
              ? [u.amount0, u.amount1]
              : [u.amount1, u.amount0];
            const share =
              p.totalSupply > 0n ? Number((p.lpBalance * 1_000_000n) / p.totalSupply) / 10_000 : 0;
            const lpPrice = prices.data?.[`eip155:${env.chainId}:${p.address}`.toLowerCase()];
            return (
              <li
                key={p.key}
                className="flex flex-col gap-1 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
                data-testid={`position-${p.key}`}
              >
                <span className="flex items-center gap-2 font-medium">
                  <span className="flex -space-x-1.5">
                    <TokenIcon id={a.token.id} size={20} />
                    <TokenIcon id={b.token.id} size={20} />
                  </span>
                  {pairLabel(a.token, b.token)}
                  <span className="tabular text-xs text-muted">
                    {share < 0.01 ? "< 0.01" : share.toFixed(2)} % of pool
                  </span>
                </span>
                <span className="tabular text-muted">
                  {formatAmount(ua, a.token.decimals, 4)} {a.token.symbol} +{" "}
                  {formatAmount(ub, b.token.decimals, 4)} {b.token.symbol}
                  {lpPrice !== undefined
                    ? ` · $${((Number(p.lpBalance) / 1e18) * lpPrice).toLocaleString("en-US", { maximumFractionDigits: 2 })}`
                    : ""}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
