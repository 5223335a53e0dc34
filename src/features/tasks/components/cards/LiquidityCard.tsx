import { Hint } from "./Hint";
import type { TaskBodyProps } from "./types";

export default function LiquidityCard({ task }: TaskBodyProps) {
  return (
    <Hint href="/swap" action="Add liquidity">
      {task.hint ?? "Deposit a pair of tokens into any pool."}
    </Hint>
  );
}
