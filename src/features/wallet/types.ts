// Wire types of the account API. The activity shapes are the indexer's own; a type-only import is
// erased at build time, so client code that uses these types pulls in none of the server modules.
import type { Activity, ActivityKind, ActivityTransfer } from "@/features/indexer";

export type { ActivityKind, ActivityTransfer };
export type ActivityItem = Activity;

export type HistoryPage = { data: ActivityItem[]; next: string | null };
