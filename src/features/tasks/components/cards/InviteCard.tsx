import { Hint } from "./Hint";
import type { TaskBodyProps } from "./types";

export default function InviteCard({ task }: TaskBodyProps) {
  const p = task.params as { count?: number };
  return (
    <Hint href="/friends" action="Get your invite link">
      {task.hint ?? <>{p.count} friends sign in with your link and each complete an on-chain task.</>}
    </Hint>
  );
}
