import dynamic from "next/dynamic";
import { type ComponentType, createElement } from "react";
import type { TaskType } from "../../definitions";
import type { TaskBodyProps, TaskCardProps } from "./types";

type CardEntry = {
  /** Loaded on demand: a page only downloads the cards of the task types it shows. */
  Body: ComponentType<TaskCardProps>;
  /**
   * The same body when it can render from what every user sees, for the signed-in shell's preview
   * of the card (its text is then in the HTML, and is the page's LCP), and then stays the same
   * element with the user's task (DailyCard uses the state when given it); absent when it cannot.
   */
  Preview?: ComponentType<TaskBodyProps>;
  /** The card renders its own submit (a quiz); otherwise the generic Verify button is shown. */
  ownsVerify: boolean;
  /**
   * The card takes a whole row of the grid, its body laid out across it: a quiz's questions stacked
   * in one column were three cards tall, and the card beside it was stretched to match.
   */
  wide?: true;
};

/** A body that reads only what every user sees serves the card and its preview. */
function statusFree(Body: ComponentType<TaskBodyProps>): Pick<CardEntry, "Body"> & {
  Preview: ComponentType<TaskBodyProps>;
} {
  return { Body: ({ task }: TaskCardProps) => createElement(Body, { task }), Preview: Body };
}

// Bodies that show only what every user sees (TaskBodyProps).
const FaucetCard = dynamic(() => import("./FaucetCard"));
const SwapCard = dynamic(() => import("./SwapCard"));
const LiquidityCard = dynamic(() => import("./LiquidityCard"));
const StakeCard = dynamic(() => import("./StakeCard"));
const RewardCard = dynamic(() => import("./RewardCard"));
const SendCard = dynamic(() => import("./SendCard"));
const InviteCard = dynamic(() => import("./InviteCard"));
const ArticleCard = dynamic(() => import("./ArticleCard"));
const AirdropCard = dynamic(() => import("./AirdropCard"));
// Reads the user's state when the task it is given has one (checked in or not), and renders the
// hint from what everyone sees before: one component in both states, so the card keeps its size.
const DailyCard = dynamic(() => import("./DailyCard"));

/** Every task type's card; `satisfies` makes the compiler refuse a type without one. */
export const taskCards = {
  daily_checkin: { ...statusFree(DailyCard), ownsVerify: false },
  faucet_claim: { ...statusFree(FaucetCard), ownsVerify: false },
  swap: { ...statusFree(SwapCard), ownsVerify: false },
  add_liquidity: { ...statusFree(LiquidityCard), ownsVerify: false },
  stake: { ...statusFree(StakeCard), ownsVerify: false },
  claim_reward: { ...statusFree(RewardCard), ownsVerify: false },
  send: { ...statusFree(SendCard), ownsVerify: false },
  invite_friends: { ...statusFree(InviteCard), ownsVerify: false },
  read_article: { ...statusFree(ArticleCard), ownsVerify: false },
  quiz: { Body: dynamic(() => import("./QuizCard")), ownsVerify: true, wide: true },
  airdrop_claim: { ...statusFree(AirdropCard), ownsVerify: false },
} as const satisfies Record<TaskType, CardEntry>;

/** The body of `type` for a card preview when it shows nothing of the user's state, else null. */
export function previewBody(type: TaskType): ComponentType<TaskBodyProps> | null {
  const entry: CardEntry = taskCards[type];
  return entry.Preview ?? null;
}

/** Whether a card of `type` takes a whole row of the grid (known from the preview: no shift). */
export function isWideCard(type: TaskType): boolean {
  const entry: CardEntry = taskCards[type];
  return entry.wide === true;
}
