import { cn } from "@/ui";
import { STATUS_LABELS } from "../format";
import type { TicketStatus } from "../schema";

const styles: Record<TicketStatus, string> = {
  open: "border-gold/50 bg-gold/10 text-gold",
  answered: "border-success/50 bg-success/10 text-success",
  closed: "border-border bg-raised text-muted",
};

export function StatusBadge({ status }: { status: TicketStatus }) {
  return (
    <span
      data-testid="ticket-status"
      className={cn(
        "inline-flex h-6 shrink-0 items-center rounded-control border px-2 text-xs font-semibold",
        styles[status],
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
