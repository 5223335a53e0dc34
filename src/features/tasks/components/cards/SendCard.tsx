import { Hint } from "./Hint";
import type { TaskCardProps } from "./types";

export default function SendCard({ task }: TaskCardProps) {
  return (
    <Hint href="/wallet" action="Open your wallet">
      {task.hint ?? "Send any amount of coins or tokens to another address."}
    </Hint>
  );
}
