import { cn } from "./cn";

/** `pending`: sent, but not mined within the wait; it may still be, so it is not shown as failed. */
export type StepStatus = "waiting" | "active" | "done" | "failed" | "pending";
export type Step = { id: string; label: string; status: StepStatus };

/** Multi-transaction progress (wrap → approve → stake): each step and where the flow is. */
export function Stepper({ steps, testId = "tx-stepper" }: { steps: Step[]; testId?: string }) {
  return (
    <ol
      className="flex flex-col gap-2 rounded-control border border-border bg-bg p-3 text-sm"
      aria-label="Progress"
      data-testid={testId}
    >
      {steps.map((s, i) => (
        <li
          key={s.id}
          className="flex items-center gap-3"
          data-status={s.status}
          aria-current={s.status === "active" ? "step" : undefined}
        >
          <span
            className={cn(
              "flex size-6 shrink-0 items-center justify-center rounded-full border text-xs tabular",
              s.status === "done" && "border-success bg-success text-bg",
              s.status === "active" && "animate-pulse border-gold text-gold motion-reduce:animate-none",
              s.status === "failed" && "border-danger text-danger",
              s.status === "pending" && "border-warning text-warning",
              s.status === "waiting" && "border-border text-muted",
            )}
            aria-hidden="true"
          >
            {s.status === "done" ? "✓" : s.status === "failed" ? "!" : s.status === "pending" ? "…" : i + 1}
          </span>
          <span className={cn(s.status === "waiting" ? "text-muted" : "text-text")}>{s.label}</span>
          <span className="ml-auto text-xs text-muted">
            {s.status === "done"
              ? "Confirmed"
              : s.status === "active"
                ? "Confirm in your wallet…"
                : s.status === "failed"
                  ? "Failed"
                  : s.status === "pending"
                    ? "Still pending"
                    : ""}
          </span>
        </li>
      ))}
    </ol>
  );
}
