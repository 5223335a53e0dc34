import { Hint } from "./Hint";
import type { TaskCardProps } from "./types";

export default function LiquidityCard({ task }: TaskCardProps) {
  return (
    <Hint href="/swap" action="Add liquidity">
      {task.hint ?? "Deposit a pair of tokens into any pool."}
    </Hint>
  );
}
