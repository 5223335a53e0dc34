import { Hint } from "./Hint";
import type { TaskCardProps } from "./types";

export default function FaucetCard(_: TaskCardProps) {
  return (
    <Hint href="/testnet" action="Open the faucet">
      Claim test coins; check once the payout has confirmed.
    </Hint>
  );
}
