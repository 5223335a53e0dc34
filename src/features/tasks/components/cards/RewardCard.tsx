import { Hint } from "./Hint";
import type { TaskBodyProps } from "./types";

export default function RewardCard({ task }: TaskBodyProps) {
  return (
    <Hint href="/stake" action="Go to staking">
      {task.hint ?? "Stake, let rewards accrue, then claim them."}
    </Hint>
  );
}
