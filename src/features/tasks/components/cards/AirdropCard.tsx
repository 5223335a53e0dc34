import { Hint } from "./Hint";
import type { TaskCardProps } from "./types";

export default function AirdropCard(_: TaskCardProps) {
  return (
    <Hint href="/airdrop" action="Go to the airdrop">
      Claim your airdrop allocation on chain during the claim window.
    </Hint>
  );
}
