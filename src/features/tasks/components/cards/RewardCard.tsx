import { Hint } from "./Hint";
import type { TaskCardProps } from "./types";

export default function RewardCard({ task }: TaskCardProps) {
  return (
    <Hint href="/stake" action="Go to staking">
      {task.hint ?? "Stake, let rewards accrue, then claim them."}
    </Hint>
  );
}
