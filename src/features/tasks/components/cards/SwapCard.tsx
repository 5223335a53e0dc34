import { Hint } from "./Hint";
import type { TaskBodyProps } from "./types";

export default function SwapCard({ task }: TaskBodyProps) {
  const p = task.params as { token?: string; amount?: string };
  return (
    <Hint href="/swap" action="Swap">
      {task.hint ?? (
        <>
          Swap at least {p.amount} {p.token} in one swap, in either direction.
        </>
      )}
    </Hint>
  );
}
