import { FaucetBadge } from "@/features/faucet";
import { Hint } from "./Hint";
import type { TaskBodyProps } from "./types";

export default function FaucetCard({ task }: TaskBodyProps) {
  return (
    <div className="flex flex-col items-start gap-2">
      {/* The faucet's real state for this visitor: a cooldown shows the time left (issue 18). */}
      <FaucetBadge />
      <Hint href="/testnet" action="Open the faucet">
        {task.hint ?? "Claim test coins; check once the payout has confirmed."}
      </Hint>
    </div>
  );
}
