import { Hint } from "./Hint";
import type { TaskCardProps } from "./types";

export default function DailyCard({ task }: TaskCardProps) {
  return (
    <Hint>
      {task.status === "done"
        ? "Checked in today. It opens again at 00:00 UTC."
        : "Check in once every UTC day."}
    </Hint>
  );
}
