import { Hint } from "./Hint";
import type { TaskBodyProps } from "./types";

export default function StakeCard({ task }: TaskBodyProps) {
  const p = task.params as { amount?: string };
  return (
    <Hint href="/stake" action="Stake">
      {task.hint ?? <>Stake at least {p.amount} in total (wrapped coins or LP tokens).</>}
    </Hint>
  );
}
