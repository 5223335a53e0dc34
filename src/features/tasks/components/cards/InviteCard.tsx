import { Hint } from "./Hint";
import type { TaskCardProps } from "./types";

export default function InviteCard({ task }: TaskCardProps) {
  const p = task.params as { count?: number };
  return (
    <Hint href="/friends" action="Get your invite link">
      {task.hint ?? <>{p.count} friends sign in with your link and each complete an on-chain task.</>}
    </Hint>
  );
}
