import type { TaskView } from "../../schema";
import { Hint } from "./Hint";
import type { TaskBodyProps } from "./types";

/**
 * The check-in's one line. It renders in the shell from what everyone sees (the hint) and, once
 * the user's state is there, as the same element with the done text: the card keeps its size and
 * its painted text stays (TaskCard, docs/ARCHITECTURE.md "Main-thread work").
 */
export default function DailyCard({ task }: TaskBodyProps) {
  const status = (task as Partial<TaskView>).status;
  return (
    <Hint>
      {status !== "done"
        ? (task.hint ?? "Check in once every UTC day.")
        : task.repeat === "weekly"
          ? "Checked in this week. It opens again on Monday at 00:00 UTC."
          : "Checked in today. It opens again at 00:00 UTC."}
    </Hint>
  );
}
