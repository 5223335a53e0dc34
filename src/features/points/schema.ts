import { z } from "zod";

// Wire shapes of the points API (client-safe). Points cross the API as decimal strings (docs/ARCHITECTURE.md).

export type TierView = {
  name: string;
  min: string;
  next: { name: string; min: string } | null;
  toNext: string;
  /** 0…1 towards the next tier. */
  progress: number;
};

/** `GET /api/points` */
export type PointsSummary = {
  balance: string;
  tier: TierView;
  /** 1-based; equal totals share a rank. Null for an excluded participant: not ranked at all. */
  rank: number | null;
  /** Users with at least one point. */
  rankedUsers: number;
  /** Running total at the end of each UTC day with credits, oldest first (the chart). */
  series: { day: string; total: string }[];
};

export type HistoryEntry = {
  id: string;
  points: string;
  reason: string;
  source: "task" | "referral" | "adjustment";
  createdAt: string;
};

/** `GET /api/points/history` */
export type HistoryPage = { entries: HistoryEntry[]; next: string | null };

export type LeaderboardRow = {
  rank: number;
  address: string;
  /** The registered name (`alice.aurum`), shown instead of the address; null when none. */
  name: string | null;
  points: string;
  isMe: boolean;
};

/** `GET /api/leaderboard` */
export type Leaderboard = {
  top: LeaderboardRow[];
  /** `rank` is null for an excluded participant (left off every list and rank). */
  me: { rank: number | null; points: string };
  /** Up to two users above and two below the signed-in user, with the user in the middle. */
  neighbours: LeaderboardRow[];
};

/** What /rewards' dashboard shows of the user (the page's props, or its shell's page-data block). */
export type RewardsData = { points: PointsSummary; history: HistoryPage; board: Leaderboard };

// Schemas of the points API: the history query, and the answers (for the API reference and
// contract tests). The types above stay hand-written so client code imports no zod for them.

const LIMIT_MESSAGE = "a whole number from 1 to 100.";

/** `GET /api/points/history` query string. */
export const pointsHistoryQuery = z.object({
  cursor: z.string().optional(),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(100, LIMIT_MESSAGE)
    .default(20),
});

const pointsString = z.string().regex(/^-?\d+$/);

export const pointsSummarySchema = z.object({
  balance: pointsString,
  tier: z.object({
    name: z.string(),
    min: pointsString,
    next: z.object({ name: z.string(), min: pointsString }).nullable(),
    toNext: pointsString,
    progress: z.number(),
  }),
  rank: z.number().nullable(),
  rankedUsers: z.number(),
  series: z.array(z.object({ day: z.string(), total: pointsString })),
});

export const historyPageSchema = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      points: pointsString,
      reason: z.string(),
      source: z.enum(["task", "referral", "adjustment"]),
      createdAt: z.string(),
    }),
  ),
  next: z.string().nullable(),
});

const leaderboardRowSchema = z.object({
  rank: z.number(),
  address: z.string(),
  name: z.string().nullable(),
  points: pointsString,
  isMe: z.boolean(),
});

export const leaderboardSchema = z.object({
  top: z.array(leaderboardRowSchema),
  me: z.object({ rank: z.number().nullable(), points: pointsString }),
  neighbours: z.array(leaderboardRowSchema),
});
