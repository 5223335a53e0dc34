import { caipAddress } from "@/chain/networks";
import type { ChainEventRow } from "@/db/schema";
import type { WatchList } from "./contracts";

export const ACTIVITY_KINDS = [
  "faucet",
  "send",
  "receive",
  "swap",
  "stake",
  "unstake",
  "reward",
  "claim",
  "liquidity",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** One moved amount, in the seed's token-balance vocabulary (base units in `quantity.numeric`). */
export type ActivityTransfer = {
  direction: "in" | "out";
  name: string;
  symbol: string;
  /** `eip155:{chainId}:0x…`; absent for the native coin. */
  address?: string;
  quantity: { decimals: string; numeric: string };
};

/** One row of a participant's activity (the seed's history item: id, metadata, transfers). */
export type Activity = {
  id: string;
  kind: ActivityKind;
  status: "confirmed" | "failed";
  txHash: string;
  blockNumber: number;
  /** Block time, ISO 8601 UTC. */
  time: string;
  explorerUrl: string;
  /** The other side of a send/receive, when there is one. */
  counterparty: string | null;
  transfers: ActivityTransfer[];
  metadata: { minedAt: string; chain: string };
};

export type ActivityContext = { watch: WatchList; chainId: number; explorerUrl: string };

type Row = Pick<
  ChainEventRow,
  | "blockNumber"
  | "blockTime"
  | "txHash"
  | "txIndex"
  | "logIndex"
  | "kind"
  | "contract"
  | "token"
  | "fromAddress"
  | "toAddress"
  | "txFrom"
  | "txTo"
  | "amount"
  | "args"
  | "status"
>;

/**
 * What one transaction meant for `address`, from the indexed rows of that transaction; null when
 * nothing in it concerns the address (e.g. only pool syncs). The strongest meaning wins: a swap's
 * token transfers are part of the swap, not separate sends and receives.
 */
export function deriveActivity(rows: Row[], address: string, ctx: ActivityContext): Activity | null {
  const me = address.toLowerCase();
  const first = rows[0];
  if (!first) return null;
  const sorted = [...rows].sort((a, b) => a.logIndex - b.logIndex);
  const sentByMe = first.txFrom === me;
  const token = (t: string | null) => tokenMeta(t, ctx);
  const move = (direction: "in" | "out", t: string | null, amount: string | null): ActivityTransfer | null =>
    amount && amount !== "0"
      ? { direction, ...token(t), quantity: { decimals: String(token(t).decimals), numeric: amount } }
      : null;
  const strip = (x: ActivityTransfer & { decimals?: number }): ActivityTransfer => {
    const { decimals: _d, ...rest } = x;
    return rest;
  };

  let kind: ActivityKind | null = null;
  const transfers: (ActivityTransfer | null)[] = [];
  let counterparty: string | null = null;

  const swaps = sortedKind(sorted, "swap").filter(() => sentByMe);
  const stakes = sorted.filter((r) => r.kind === "stake" && r.fromAddress === me);
  const unstakes = sorted.filter((r) => r.kind === "unstake" && r.toAddress === me);
  const rewards = sorted.filter((r) => r.kind === "reward" && r.toAddress === me);
  const claims = sorted.filter((r) => r.kind === "claim" && r.toAddress === me);
  const moves = sorted.filter(
    (r) =>
      (r.kind === "transfer" || r.kind === "native_transfer" || r.kind === "disperse_payout") &&
      (r.fromAddress === me || r.toAddress === me),
  );
  const isFaucetTx = first.txTo !== null && first.txTo === ctx.watch.disperse.toLowerCase();

  if (swaps.length > 0) {
    kind = "swap";
    const net = new Map<string, bigint>();
    for (const s of swaps) {
      const role = ctx.watch.roles.get(s.contract ?? "");
      if (role?.kind !== "pair") continue;
      const a = s.args as Record<string, string>;
      const add = (t: string, v: bigint) => net.set(t.toLowerCase(), (net.get(t.toLowerCase()) ?? 0n) + v);
      add(role.token0, BigInt(a.amount0Out ?? "0") - BigInt(a.amount0In ?? "0"));
      add(role.token1, BigInt(a.amount1Out ?? "0") - BigInt(a.amount1In ?? "0"));
    }
    // Native coin in (router wraps it): show the coin the user actually paid, not the wrapped token.
    const paidNative = moves.some((m) => m.kind === "native_transfer" && m.fromAddress === me);
    const wrapped = ctx.watch.wrappedNative.toLowerCase();
    for (const [t, v] of net) {
      if (v === 0n) continue;
      const asNative = t === wrapped && v < 0n && paidNative;
      transfers.push(move(v < 0n ? "out" : "in", asNative ? null : t, (v < 0n ? -v : v).toString()));
    }
  } else if (stakes.length + unstakes.length + rewards.length > 0) {
    kind = stakes.length > 0 ? "stake" : unstakes.length > 0 ? "unstake" : "reward";
    for (const r of stakes) transfers.push(move("out", r.token, r.amount));
    for (const r of unstakes) transfers.push(move("in", r.token, r.amount));
    for (const r of rewards) transfers.push(move("in", r.token, r.amount));
  } else if (claims.length > 0) {
    kind = "claim";
    for (const r of claims) transfers.push(move("in", r.token, r.amount));
  } else if (moves.length > 0) {
    const outs = moves.filter((m) => m.fromAddress === me);
    const ins = moves.filter((m) => m.toAddress === me && m.fromAddress !== me);
    const liquidity = sentByMe && sorted.some((r) => r.kind === "mint" || r.kind === "burn");
    if (liquidity) kind = "liquidity";
    else if (isFaucetTx && ins.length > 0 && !sentByMe) kind = "faucet";
    else if (outs.length > 0) kind = "send";
    else kind = "receive";
    for (const m of outs) transfers.push(move("out", m.token, m.amount));
    for (const m of ins) transfers.push(move("in", m.token, m.amount));
    if (kind === "send") counterparty = outs[0]?.toAddress ?? null;
    if (kind === "receive" || kind === "faucet") counterparty = ins[0]?.fromAddress ?? null;
  }
  if (!kind) return null;
  const minedAt = first.blockTime.toISOString();
  return {
    id: `${first.txHash}:${me}`,
    kind,
    status: rows.some((r) => r.status === "failed") ? "failed" : "confirmed",
    txHash: first.txHash,
    blockNumber: first.blockNumber,
    time: minedAt,
    explorerUrl: `${ctx.explorerUrl}/tx/${first.txHash}`,
    counterparty,
    transfers: transfers.filter((t): t is ActivityTransfer => t !== null).map(strip),
    metadata: { minedAt, chain: `eip155:${ctx.chainId}` },
  };
}

function sortedKind(rows: Row[], kind: string) {
  return rows.filter((r) => r.kind === kind);
}

function tokenMeta(token: string | null, ctx: ActivityContext) {
  if (!token) return { name: ctx.watch.nativeName, symbol: ctx.watch.nativeSymbol, decimals: 18 };
  const info = ctx.watch.tokens.get(token.toLowerCase());
  return {
    name: info?.name ?? "Unknown token",
    symbol: info?.symbol ?? "?",
    decimals: info?.decimals ?? 18,
    address: caipAddress(ctx.chainId, info?.address ?? token),
  };
}
