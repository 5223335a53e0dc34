// Wire types of the account API, shared by the client (no server imports here).
export type ActivityKind =
  | "faucet"
  | "send"
  | "receive"
  | "swap"
  | "stake"
  | "unstake"
  | "reward"
  | "claim"
  | "liquidity";

export type ActivityTransfer = {
  direction: "in" | "out";
  name: string;
  symbol: string;
  address?: string;
  quantity: { decimals: string; numeric: string };
};

export type ActivityItem = {
  id: string;
  kind: ActivityKind;
  status: "confirmed" | "failed";
  txHash: string;
  blockNumber: number;
  time: string;
  explorerUrl: string;
  counterparty: string | null;
  transfers: ActivityTransfer[];
  metadata: { minedAt: string; chain: string };
};

export type HistoryPage = { data: ActivityItem[]; next: string | null };
