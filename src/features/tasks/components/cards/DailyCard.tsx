import { Hint } from "./Hint";
import type { TaskCardProps } from "./types";

export default function DailyCard({ task }: TaskCardProps) {
  return (
    <Hint>
      {task.status !== "done"
        ? (task.hint ?? "Check in once every UTC day.")
        : task.repeat === "weekly"
          ? "Checked in this week. It opens again on Monday at 00:00 UTC."
          : "Checked in today. It opens again at 00:00 UTC."}
    </Hint>
  );
}
