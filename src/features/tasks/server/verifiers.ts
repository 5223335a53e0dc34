import { sql } from "drizzle-orm";
import { parseUnits } from "viem";
import type { Db } from "@/db/client";
import { hasClaimedOnChain } from "@/features/airdrop/server";
import { rateLimit } from "@/features/auth/server";
import { hasReadArticle } from "@/features/news/server";
import { rowsOf } from "@/features/points/server";
import { countQualifiedFriends, qualificationRule } from "@/features/referrals/server";
import { shortenAddress } from "@/lib/address";
import { toInputString } from "@/lib/amount";
import { ApiError } from "@/server/errors";
import type { Recurrence, TaskParams } from "../definitions";
import {
  gradeQuiz,
  missingStakeMessage,
  missingSwapMessage,
  QUIZ_WRONG_PER_DAY,
  quizLockedMessage,
  quizMessage,
  SEEN_SOON,
  swapAmountForToken,
  utcDay,
} from "../logic";
import { type ChainContext, tokenBySymbol } from "./chain";

export type VerifyContext = {
  db: Db;
  /** The task being verified (a quiz counts its tries per task). */
  taskId: string;
  userId: string;
  /** Lower-case: the indexer stores addresses lower-case. */
  address: string;
  now: Date;
  /**
   * Start of a recurring task's current period (UTC day, ISO week): only what happened since then
   * counts, so a weekly swap task needs a swap every week. Null for one-time tasks.
   */
  since: Date | null;
  /**
   * End of that period (exclusive), null with `since`. Block times run ahead of the server clock, so
   * without it one event of the next period would be paid in this period and again in its own.
   */
  until: Date | null;
  repeat: Recurrence;
  answers: Readonly<Record<string, number>>;
  chain: ChainContext | null;
  /** Reads `load` once per `key` within one task listing (progress shared by several tasks). */
  once: <T>(key: string, load: () => Promise<T>) => Promise<T>;
};

export type Progress = { current: number; total: number };

export type VerifyOutcome =
  | { ok: true; message: string }
  | { ok: false; message: string; progress?: Progress };

const ok = (message: string): VerifyOutcome => ({ ok: true, message });
const missing = (message: string, progress?: Progress): VerifyOutcome => ({ ok: false, message, progress });

const NOT_DEPLOYED = missing(
  "The testnet contracts are not deployed yet, so on-chain tasks cannot be checked. Try again later.",
);

/** `AND since <= <column> < until` for a recurring task's window, nothing for a one-time task. */
function inWindow(ctx: VerifyContext, column: "block_time" | "created_at") {
  const col = sql.raw(column);
  const from = ctx.since ? sql` AND ${col} >= ${ctx.since.toISOString()}::timestamptz` : sql``;
  const to = ctx.until ? sql` AND ${col} < ${ctx.until.toISOString()}::timestamptz` : sql``;
  return sql`${from}${to}`;
}

async function exists(db: Db, query: ReturnType<typeof sql>): Promise<boolean> {
  return rowsOf(await db.execute(sql`SELECT EXISTS (${query}) AS e`)).some((r) => (r as { e: boolean }).e);
}

export async function verifyDailyCheckin(ctx: VerifyContext): Promise<VerifyOutcome> {
  if (ctx.repeat === "weekly" && ctx.since)
    return ok(`Checked in for the week of ${utcDay(ctx.since)} (UTC).`);
  return ok(`Checked in for ${utcDay(ctx.now)} (UTC).`);
}

/** A claim of this participant that the faucet paid (status `confirmed`), made in the task's period. */
export async function verifyFaucetClaim(ctx: VerifyContext): Promise<VerifyOutcome> {
  // The faucet's own paid claims, not indexed payouts: Disperse is public, anyone can "pay" themself.
  const found = await exists(
    ctx.db,
    sql`SELECT 1 FROM faucet_claims
        WHERE user_id = ${ctx.userId} AND status = 'confirmed' ${inWindow(ctx, "created_at")}`,
  );
  if (found) return ok("Faucet claim found.");
  return missing(
    `No confirmed faucet claim for ${shortenAddress(ctx.address)} seen yet. Claim on the Testnet page; the payout confirms within a minute.`,
  );
}

export async function verifySwap(ctx: VerifyContext, p: TaskParams<"swap">): Promise<VerifyOutcome> {
  if (!ctx.chain) return NOT_DEPLOYED;
  const token = tokenBySymbol(ctx.chain.watch, p.token);
  if (!token)
    return missing(`This task names a token (${p.token}) that is not on the testnet; tell the operator.`);
  const needed = parseUnits(p.amount, token.decimals);
  const result = await ctx.db.execute(sql`
    SELECT contract, args FROM chain_events
    WHERE tx_from = ${ctx.address} AND kind = 'swap' AND status = 'success' ${inWindow(ctx, "block_time")}
    ORDER BY block_number DESC LIMIT 1000`);
  let best = 0n;
  for (const r of rowsOf<{ contract: string | null; args: Record<string, string> }>(result)) {
    const role = ctx.chain.watch.roles.get(r.contract ?? "");
    if (role?.kind !== "pair") continue;
    const moved = swapAmountForToken(r.args, role, token.address);
    if (moved > best) best = moved;
  }
  if (best >= needed) return ok(`Swap of ${toInputString(best, token.decimals)} ${token.symbol} found.`);
  return missing(missingSwapMessage(p.amount, p.token, ctx.address));
}

export async function verifyAddLiquidity(ctx: VerifyContext): Promise<VerifyOutcome> {
  if (!ctx.chain) return NOT_DEPLOYED;
  const found = await exists(
    ctx.db,
    sql`SELECT 1 FROM chain_events
        WHERE tx_from = ${ctx.address} AND kind = 'mint' AND status = 'success' ${inWindow(ctx, "block_time")}`,
  );
  if (found) return ok("Liquidity added.");
  return missing(`No liquidity added from ${shortenAddress(ctx.address)} seen yet; deposits ${SEEN_SOON}.`);
}

/** Everything the address has staked so far (all staking pools; both stake 18-decimal tokens). */
export async function verifyStake(ctx: VerifyContext, p: TaskParams<"stake">): Promise<VerifyOutcome> {
  if (!ctx.chain) return NOT_DEPLOYED;
  const decimals = 18;
  // Staked minus withdrawn: summing stakes alone let one token staked and withdrawn ten times pass
  // a "stake 10" task (a farm's loop). Withdrawals of an earlier period's stake do not go below 0.
  const result = await ctx.db.execute(sql`
    SELECT coalesce(sum(CASE WHEN kind = 'stake' THEN amount ELSE -amount END), 0)::text AS staked
    FROM chain_events
    WHERE status = 'success'
      AND ((kind = 'stake' AND from_address = ${ctx.address}) OR (kind = 'unstake' AND to_address = ${ctx.address}))
      ${inWindow(ctx, "block_time")}`);
  const net = BigInt(rowsOf<{ staked: string }>(result)[0]?.staked ?? "0");
  const staked = net > 0n ? net : 0n;
  const needed = parseUnits(p.amount, decimals);
  const symbol = `W${ctx.chain.watch.nativeSymbol} or LP tokens`;
  if (staked >= needed)
    return ok(`Staked ${toInputString(staked, decimals)} in total (withdrawals deducted).`);
  return missing(missingStakeMessage(toInputString(staked, decimals), p.amount, symbol, ctx.address));
}

export async function verifyClaimReward(ctx: VerifyContext): Promise<VerifyOutcome> {
  if (!ctx.chain) return NOT_DEPLOYED;
  const found = await exists(
    ctx.db,
    sql`SELECT 1 FROM chain_events
        WHERE to_address = ${ctx.address} AND kind = 'reward' AND status = 'success' ${inWindow(ctx, "block_time")}`,
  );
  if (found) return ok("Staking reward claim found.");
  return missing(
    `No staking reward claimed by ${shortenAddress(ctx.address)} seen yet; stake first, then claim on the Stake page. Claims ${SEEN_SOON}.`,
  );
}

/** An airdrop allocation of the address claimed on chain (the distributor's `isClaimed`). */
export async function verifyAirdropClaim(
  ctx: VerifyContext,
  params: TaskParams<"airdrop_claim">,
): Promise<VerifyOutcome> {
  const { eligible, claimed } = await hasClaimedOnChain(ctx.db, ctx.address, params.round);
  if (claimed) return ok("Airdrop claim found on chain.");
  if (!eligible) return missing("This address has no allocation in a published airdrop round yet.");
  return missing("Your airdrop has not been claimed yet: claim it on the Airdrop page, then verify again.");
}

/**
 * A transfer the address itself sent to another, non-contract address: a plain coin transfer, or a
 * direct token `transfer` call (not the token moves inside swaps, deposits or stakes).
 */
export async function verifySend(ctx: VerifyContext): Promise<VerifyOutcome> {
  if (!ctx.chain) return NOT_DEPLOYED;
  const contracts = [...ctx.chain.contracts];
  const notContract =
    contracts.length > 0
      ? sql`AND to_address NOT IN (${sql.join(
          contracts.map((c) => sql`${c}`),
          sql`, `,
        )})`
      : sql``;
  const found = await exists(
    ctx.db,
    sql`SELECT 1 FROM chain_events
        WHERE from_address = ${ctx.address} AND tx_from = ${ctx.address} AND status = 'success'
          AND to_address IS NOT NULL AND to_address <> ${ctx.address} AND amount > 0
          AND (kind = 'native_transfer' OR (kind = 'transfer' AND tx_to = token))
          ${inWindow(ctx, "block_time")} ${notContract}`,
  );
  if (found) return ok("Transfer found.");
  return missing(
    `No transfer from ${shortenAddress(ctx.address)} to another address seen yet; transfers ${SEEN_SOON}.`,
  );
}

export async function inviteProgress(ctx: VerifyContext, p: TaskParams<"invite_friends">): Promise<Progress> {
  return {
    current: Math.min(
      p.count,
      await ctx.once("qualifiedFriends", () => countQualifiedFriends(ctx.db, ctx.userId)),
    ),
    total: p.count,
  };
}

export async function verifyInviteFriends(
  ctx: VerifyContext,
  p: TaskParams<"invite_friends">,
): Promise<VerifyOutcome> {
  const progress = await inviteProgress(ctx, p);
  if (progress.current >= p.count) return ok(`${p.count} invited friends have qualified.`);
  const left = p.count - progress.current;
  const rule = qualificationRule();
  return missing(
    `${progress.current} of ${p.count} invited friends have qualified; ${left} more to go. ` +
      `A friend counts once they sign in with your link, complete ${rule.taskTypes} different on-chain tasks ` +
      `(the faucet claim not counted) and ${rule.hours} hours have passed since their first sign-in.`,
    progress,
  );
}

export async function verifyReadArticle(
  ctx: VerifyContext,
  p: TaskParams<"read_article">,
): Promise<VerifyOutcome> {
  if (await hasReadArticle(ctx.db, ctx.userId, p.slug)) return ok("Article read.");
  return missing("Open the article in News first (signed in), then check again.");
}

/**
 * A quiz is graded as a whole (logic.ts `quizMessage`), and only QUIZ_WRONG_PER_DAY complete
 * answers per participant, quiz and UTC day are graded (docs/api.md, "Quiz tries"). Each complete
 * answer takes a try BEFORE it is graded, in one atomic counter upsert (`rateLimit`): an answer past
 * the budget is refused without being graded, so the refusal says nothing about whether it was
 * right, and parallel answers cannot all pass a check and be graded together (the 4th of a burst
 * is refused whatever the others turn out to be). A right answer takes a try too, but it completes
 * the task for longer than the day the counter lives, so only wrong answers ever use the budget up.
 * An incomplete answer is not graded and costs nothing: which questions exist is public.
 */
export async function verifyQuiz(ctx: VerifyContext, p: TaskParams<"quiz">): Promise<VerifyOutcome> {
  const grade = gradeQuiz(p.questions, ctx.answers);
  if (grade.unanswered > 0) return missing(quizMessage(grade));
  await takeQuizTry(ctx);
  const message = quizMessage(grade);
  return grade.correct === grade.total ? ok(message) : missing(message);
}

const DAY_SECONDS = 86_400;

/** Counts one graded answer; past the day's budget, 429 QUIZ_TOO_MANY_WRONG with `Retry-After`. */
async function takeQuizTry(ctx: VerifyContext): Promise<void> {
  try {
    // rateLimit's windows start at multiples of their length since the epoch: a day's is 00:00 UTC.
    await rateLimit({
      key: `quiz-tries:${ctx.taskId}:${ctx.userId}`,
      limit: QUIZ_WRONG_PER_DAY,
      windowSeconds: DAY_SECONDS,
      db: ctx.db,
    });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 429) throw err;
    const retryAfter = Number(err.headers["Retry-After"]) || DAY_SECONDS;
    throw new ApiError(429, "QUIZ_TOO_MANY_WRONG", quizLockedMessage(retryAfter), {
      "Retry-After": String(retryAfter),
    });
  }
}
