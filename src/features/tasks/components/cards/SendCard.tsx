import { Hint } from "./Hint";
import type { TaskCardProps } from "./types";

export default function SendCard(_: TaskCardProps) {
  return (
    <Hint href="/wallet" action="Open your wallet">
      Send any amount of coins or tokens to another address.
    </Hint>
  );
}
