import dynamic from "next/dynamic";
import type { ComponentType } from "react";
import type { TaskType } from "../../definitions";
import type { TaskCardProps } from "./types";

type CardEntry = {
  /** Loaded on demand: a page only downloads the cards of the task types it shows. */
  Body: ComponentType<TaskCardProps>;
  /** The card renders its own submit (a quiz); otherwise the generic Verify button is shown. */
  ownsVerify: boolean;
};

/** Every task type's card; `satisfies` makes the compiler refuse a type without one. */
export const taskCards = {
  daily_checkin: { Body: dynamic(() => import("./DailyCard")), ownsVerify: false },
  faucet_claim: { Body: dynamic(() => import("./FaucetCard")), ownsVerify: false },
  swap: { Body: dynamic(() => import("./SwapCard")), ownsVerify: false },
  add_liquidity: { Body: dynamic(() => import("./LiquidityCard")), ownsVerify: false },
  stake: { Body: dynamic(() => import("./StakeCard")), ownsVerify: false },
  claim_reward: { Body: dynamic(() => import("./RewardCard")), ownsVerify: false },
  send: { Body: dynamic(() => import("./SendCard")), ownsVerify: false },
  invite_friends: { Body: dynamic(() => import("./InviteCard")), ownsVerify: false },
  read_article: { Body: dynamic(() => import("./ArticleCard")), ownsVerify: false },
  quiz: { Body: dynamic(() => import("./QuizCard")), ownsVerify: true },
  airdrop_claim: { Body: dynamic(() => import("./AirdropCard")), ownsVerify: false },
} as const satisfies Record<TaskType, CardEntry>;
