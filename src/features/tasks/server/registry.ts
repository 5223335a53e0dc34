import type { TaskParams, TaskType } from "../definitions";
import {
  inviteProgress,
  type Progress,
  type VerifyContext,
  type VerifyOutcome,
  verifyAddLiquidity,
  verifyAirdropClaim,
  verifyClaimReward,
  verifyDailyCheckin,
  verifyFaucetClaim,
  verifyInviteFriends,
  verifyQuiz,
  verifyReadArticle,
  verifySend,
  verifyStake,
  verifySwap,
} from "./verifiers";

export type TaskDefinition<T extends TaskType> = {
  /** Completing it unlocks the referrer's bonus. */
  onchain: boolean;
  verify: (ctx: VerifyContext, params: TaskParams<T>) => Promise<VerifyOutcome>;
  /** Partial progress shown in the list (e.g. 2/3 friends), for types that have one. */
  progress?: (ctx: VerifyContext, params: TaskParams<T>) => Promise<Progress>;
};

/**
 * Every task type's server side. `satisfies` makes the compiler refuse a type without a verifier;
 * the cards in components/cards/registry.ts are checked the same way.
 */
export const taskRegistry = {
  daily_checkin: { onchain: false, verify: verifyDailyCheckin },
  faucet_claim: { onchain: true, verify: verifyFaucetClaim },
  swap: { onchain: true, verify: verifySwap },
  add_liquidity: { onchain: true, verify: verifyAddLiquidity },
  stake: { onchain: true, verify: verifyStake },
  claim_reward: { onchain: true, verify: verifyClaimReward },
  send: { onchain: true, verify: verifySend },
  invite_friends: { onchain: false, verify: verifyInviteFriends, progress: inviteProgress },
  read_article: { onchain: false, verify: verifyReadArticle },
  quiz: { onchain: false, verify: verifyQuiz },
  airdrop_claim: { onchain: true, verify: verifyAirdropClaim },
} as const satisfies { [K in TaskType]: TaskDefinition<K> };

export function definitionOf<T extends TaskType>(type: T): TaskDefinition<T> {
  return taskRegistry[type] as unknown as TaskDefinition<T>;
}
