import { shortenAddress } from "@/lib/address";
import { cn } from "@/ui";
import { formatPoints } from "../format";
import type { LeaderboardRow } from "../schema";

export function LeaderboardTable({ rows, testId }: { rows: LeaderboardRow[]; testId: string }) {
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <thead>
        <tr className="border-b border-border text-left text-xs text-muted">
          <th scope="col" className="py-2 pr-3 font-medium">
            Rank
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            Address
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
            <td className="py-2 pr-3 font-mono text-text" title={r.address}>
              {shortenAddress(r.address)}
              {r.isMe ? <span className="ml-2 font-sans text-xs text-gold">you</span> : null}
            </td>
            <td className="tabular py-2 text-right text-text">{formatPoints(r.points)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
