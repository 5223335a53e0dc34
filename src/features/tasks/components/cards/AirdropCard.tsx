import { Hint } from "./Hint";
import type { TaskBodyProps } from "./types";

export default function AirdropCard({ task }: TaskBodyProps) {
  return (
    <Hint href="/airdrop" action="Go to the airdrop">
      {task.hint ?? "Claim your airdrop allocation on chain during the claim window."}
    </Hint>
  );
}
