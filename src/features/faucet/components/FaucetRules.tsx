import { useFormat } from "@/lib/locale";
import type { FaucetStatus } from "../schema";

/** The faucet's rules, shown before anyone presses Claim (issue 12: "the UI shows the rules up front"). */
export function FaucetRules({ status, cooldownText }: { status: FaucetStatus; cooldownText: string }) {
  const format = useFormat();
  const native = status.drips.find((d) => d.asset === "native")?.symbol ?? "native coins";
  const max = format.token(BigInt(status.rules.maxRecipientBalance), 18);
  return (
    <ul className="mt-3 list-disc space-y-1 pl-5 text-xs text-muted" data-testid="faucet-rules">
      <li>One claim per address every {cooldownText}.</li>
      <li>
        At most {format.integer(status.rules.ipLimit)} claims per connection and{" "}
        {format.integer(status.rules.subnetLimit)} per network in that time.
      </li>
      <li>
        Wallets holding more than {max} {native} already have enough; contracts cannot claim.
      </li>
      <li>Each claim first runs a short check in your browser (a few seconds) to keep bots out.</li>
      <li>The faucet has a daily limit; when it is reached, claims reopen at midnight UTC.</li>
    </ul>
  );
}

/** The proof-of-work progress while the browser solves the check. */
export function PowProgress({ percent }: { percent: number }) {
  return (
    <div className="flex min-w-40 flex-1 items-center gap-3" data-testid="faucet-pow">
      <div
        className="h-2 flex-1 overflow-hidden rounded-full bg-raised"
        role="progressbar"
        aria-label="Checking that you are not a bot"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-full bg-gold transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="tabular text-xs text-muted">Checking you are human… {percent} %</span>
    </div>
  );
}
