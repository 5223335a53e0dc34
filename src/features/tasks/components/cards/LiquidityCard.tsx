import { Hint } from "./Hint";
import type { TaskCardProps } from "./types";

export default function LiquidityCard(_: TaskCardProps) {
  return (
    <Hint href="/swap" action="Add liquidity">
      Deposit a pair of tokens into any pool.
    </Hint>
  );
}
