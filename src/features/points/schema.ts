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
  /** 1-based; equal totals share a rank. */
  rank: number;
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

export type LeaderboardRow = { rank: number; address: string; points: string; isMe: boolean };

/** `GET /api/leaderboard` */
export type Leaderboard = {
  top: LeaderboardRow[];
  me: { rank: number; points: string };
  /** Up to two users above and two below the signed-in user, with the user in the middle. */
  neighbours: LeaderboardRow[];
};
