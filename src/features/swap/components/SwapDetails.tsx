import type { Token } from "@/features/tokens";
import { TokenIcon } from "@/features/tokens";
import { useFormat } from "@/lib/locale";
import { cn } from "@/ui";
import type { ApiQuote } from "../queries";
import { PRICE_IMPACT_BLOCKING_BPS, PRICE_IMPACT_WARNING_BPS } from "../slippage";

/** Units of `out` per unit of `in` (display only; the trade uses the quote's exact amounts). */
function rateOf(amountIn: bigint, inDecimals: number, amountOut: bigint, outDecimals: number): number {
  if (amountIn === 0n) return 0;
  return Number(amountOut) / 10 ** outDecimals / (Number(amountIn) / 10 ** inDecimals);
}

export function impactTone(bps: number) {
  return bps > PRICE_IMPACT_BLOCKING_BPS
    ? "text-danger"
    : bps > PRICE_IMPACT_WARNING_BPS
      ? "text-warning"
      : "text-text";
}

/** Price, impact, minimum received / maximum sold, LP fee and route of a quote. */
export function SwapDetails({
  quote,
  from,
  to,
  route,
  slippageBps,
  deadlineMinutes,
}: {
  quote: ApiQuote;
  from: Token;
  to: Token;
  route: Token[];
  slippageBps: number;
  deadlineMinutes: number;
}) {
  const exactIn = quote.side === "exactIn";
  const isWrap = quote.kind !== "swap";
  const f = useFormat();
  const bps = (value: number) => f.percent(value / 10_000);
  return (
    <dl className="flex flex-col gap-2 text-sm" data-testid="swap-details">
      <Row label="Price">
        1 {from.symbol} = {f.number(rateOf(quote.fromAmount, from.decimals, quote.toAmount, to.decimals))}{" "}
        {to.symbol}
      </Row>
      {isWrap ? (
        <Row label="Type">
          {quote.kind === "wrap" ? `Wrap ${from.symbol} 1:1, no fee` : `Unwrap ${from.symbol} 1:1, no fee`}
        </Row>
      ) : (
        <>
          <Row label="Price impact">
            <span className={cn("tabular", impactTone(quote.priceImpactBps))} data-testid="price-impact">
              {quote.priceImpactBps === 0 ? bps(0.5) : bps(quote.priceImpactBps)}
            </span>
          </Row>
          {exactIn ? (
            <Row label="Minimum received">
              <span className="tabular" data-testid="minimum-received">
                {f.token(quote.minimumReceived, to.decimals, { symbol: to.symbol })}
              </span>
            </Row>
          ) : (
            <Row label="Maximum sold">
              <span className="tabular" data-testid="maximum-sold">
                {f.token(quote.maximumSold, from.decimals, { symbol: from.symbol })}
              </span>
            </Row>
          )}
          <Row label={`Liquidity provider fee (${bps(30)}${route.length > 2 ? " per hop" : ""})`}>
            <span className="tabular">{f.token(quote.fee, from.decimals, { symbol: from.symbol })}</span>
          </Row>
          <Row label="Route">
            <span className="flex flex-wrap items-center justify-end gap-1" data-testid="swap-route">
              {route.map((t, i) => (
                <span key={`${t.id}-${i}`} className="flex items-center gap-1">
                  {i > 0 ? (
                    <span aria-hidden="true" className="text-muted">
                      ›
                    </span>
                  ) : null}
                  <TokenIcon id={t.id} size={16} />
                  {t.symbol}
                </span>
              ))}
            </span>
          </Row>
          <Row label="Slippage tolerance · deadline">
            <span className="tabular">
              {bps(slippageBps)} · {deadlineMinutes} min
            </span>
          </Row>
        </>
      )}
    </dl>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right">{children}</dd>
    </div>
  );
}
