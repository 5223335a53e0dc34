import { Hint } from "./Hint";
import type { TaskCardProps } from "./types";

export default function AirdropCard({ task }: TaskCardProps) {
  return (
    <Hint href="/airdrop" action="Go to the airdrop">
      {task.hint ?? "Claim your airdrop allocation on chain during the claim window."}
    </Hint>
  );
}
