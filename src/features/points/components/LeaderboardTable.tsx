import { AccountName } from "@/features/names";
import { useLocale } from "@/lib/locale";
import { cn } from "@/ui";
import { formatPoints } from "../format";
import type { LeaderboardRow } from "../schema";

export function LeaderboardTable({ rows, testId }: { rows: LeaderboardRow[]; testId: string }) {
  const locale = useLocale();
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <thead>
        <tr className="border-b border-border text-left text-xs text-muted">
          <th scope="col" className="py-2 pr-3 font-medium">
            Rank
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            Participant
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Points
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr
            key={`${r.rank}-${r.address}`}
            className={cn("border-b border-border/60 last:border-0", r.isMe && "bg-gold/10")}
            data-me={r.isMe || undefined}
          >
            <td className="tabular py-2 pr-3 text-muted">#{r.rank}</td>
            <td className="max-w-0 py-2 pr-3 text-text sm:max-w-none">
              <span className="flex items-center">
                <AccountName address={r.address} name={r.name} />
                {r.isMe ? <span className="ml-2 shrink-0 text-xs text-gold">you</span> : null}
              </span>
            </td>
            <td className="tabular py-2 text-right text-text">{formatPoints(r.points, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
