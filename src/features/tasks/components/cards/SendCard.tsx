import { Hint } from "./Hint";
import type { TaskBodyProps } from "./types";

export default function SendCard({ task }: TaskBodyProps) {
  return (
    <Hint href="/wallet" action="Open your wallet">
      {task.hint ?? "Send any amount of coins or tokens to another address."}
    </Hint>
  );
}
