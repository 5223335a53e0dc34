import { Hint } from "./Hint";
import type { TaskCardProps } from "./types";

export default function RewardCard(_: TaskCardProps) {
  return (
    <Hint href="/stake" action="Go to staking">
      Stake, let rewards accrue, then claim them.
    </Hint>
  );
}
