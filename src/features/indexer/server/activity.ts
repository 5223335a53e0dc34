import { caipAddress } from "@/chain/networks";
import type { ChainEventRow } from "@/db/schema";
import type { WatchList } from "./contracts";

/**
 * What a transaction was for a participant. Decoded from the indexed rows of the transaction (our
 * contracts' logs, the transaction's `from`/`to` and its native value), so a swap reads as a swap
 * and a wrap as a wrap, never as the token transfers they are made of.
 */
export const ACTIVITY_KINDS = [
  "faucet",
  "send",
  "receive",
  "swap",
  "wrap",
  "unwrap",
  "liquidity_add",
  "liquidity_remove",
  "stake",
  "unstake",
  "reward",
  "claim",
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
  /** What left the wallet first (`out`), then what came in (`in`). */
  transfers: ActivityTransfer[];
  metadata: { minedAt: string; chain: string };
};

export type ActivityContext = {
  watch: WatchList;
  chainId: number;
  explorerUrl: string;
  /**
   * The faucet's sending address (lower case). Participants may call Disperse too, and a payout from
   * one of them is a receive, not a faucet drip; without it every Disperse payout reads as the faucet.
   */
  faucet?: string;
};

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

/** A moved amount before token metadata is attached; `token` null is the native coin. */
type Move = { direction: "in" | "out"; token: string | null; amount: bigint };

type Decoded = { kind: ActivityKind; moves: Move[]; counterparty?: string | null };

const sum = (rows: Row[]) => rows.reduce((s, r) => s + BigInt(r.amount ?? "0"), 0n);

/**
 * What one transaction meant for `address`, from the indexed rows of that transaction; null when
 * nothing in it concerns the address (e.g. only pool syncs). The strongest meaning wins: a swap's
 * token transfers are part of the swap, not separate sends and receives.
 */
export function deriveActivity(rows: Row[], address: string, ctx: ActivityContext): Activity | null {
  const first = rows[0];
  if (!first) return null;
  const sorted = [...rows].sort((a, b) => a.logIndex - b.logIndex);
  const decoded = decodeActivity(sorted, address.toLowerCase(), ctx.watch, ctx.faucet);
  if (!decoded) return null;
  const minedAt = first.blockTime.toISOString();
  const moves = [
    ...decoded.moves.filter((m) => m.direction === "out"),
    ...decoded.moves.filter((m) => m.direction === "in"),
  ].filter((m) => m.amount > 0n);
  return {
    id: `${first.txHash}:${address.toLowerCase()}`,
    kind: decoded.kind,
    status: rows.some((r) => r.status === "failed") ? "failed" : "confirmed",
    txHash: first.txHash,
    blockNumber: first.blockNumber,
    time: minedAt,
    explorerUrl: `${ctx.explorerUrl}/tx/${first.txHash}`,
    counterparty: decoded.counterparty ?? null,
    transfers: moves.map((m) => transfer(m, ctx)),
    metadata: { minedAt, chain: `eip155:${ctx.chainId}` },
  };
}

/** The classification itself, on rows sorted by log index (pure; table-tested in activity.test.ts). */
function decodeActivity(rows: Row[], me: string, watch: WatchList, faucet?: string): Decoded | null {
  const first = rows[0]!;
  const txTo = first.txTo;
  const sentByMe = first.txFrom === me;
  const wrapped = watch.wrappedNative.toLowerCase();
  const of = (kind: string) => rows.filter((r) => r.kind === kind);

  // The router wraps the native coin a user pays and unwraps what it pays out in native coin; its
  // own transfer to the user is internal (no log), so the wrapped token's Deposit/Withdrawal by the
  // router stand for it. The refund of an over-payment never gets wrapped, so it is not counted.
  const viaRouter = sentByMe && txTo === watch.router.toLowerCase();
  const routerPaidIn = viaRouter ? sum(of("wrap").filter((r) => r.toAddress === txTo)) : 0n;
  const routerPaidOut = viaRouter ? sum(of("unwrap").filter((r) => r.fromAddress === txTo)) : 0n;

  // My own Disperse batch is stored twice: the transaction's value (me → Disperse, the whole batch)
  // and one payout per recipient paid (from me). The payouts are what left the wallet (a failed
  // payment is refunded in the same transaction), so they stand for the value. Decided here, not by
  // skipping the row when indexing, so transactions indexed before read right too.
  const disperse = watch.disperse.toLowerCase();
  const paidOutByDisperse =
    sentByMe && txTo === disperse && rows.some((r) => r.kind === "disperse_payout" && r.fromAddress === me);
  const tokenMoves = rows.filter(
    (r) =>
      (r.kind === "transfer" || r.kind === "native_transfer" || r.kind === "disperse_payout") &&
      (r.fromAddress === me || r.toAddress === me) &&
      !(paidOutByDisperse && r.kind === "native_transfer" && r.toAddress === disperse),
  );
  const movesOf = (list: Row[], opts: { skipNative?: boolean } = {}): Move[] =>
    list
      .filter((r) => !(opts.skipNative && r.kind === "native_transfer"))
      .map((r) => ({
        direction: r.fromAddress === me ? "out" : "in",
        token: r.token,
        amount: BigInt(r.amount ?? "0"),
      }));
  const routerNative = (): Move[] => [
    { direction: "out", token: null, amount: routerPaidIn },
    { direction: "in", token: null, amount: routerPaidOut },
  ];

  const swaps = sentByMe ? of("swap") : [];
  if (swaps.length > 0) {
    const net = new Map<string, bigint>();
    const add = (t: string, v: bigint) => net.set(t.toLowerCase(), (net.get(t.toLowerCase()) ?? 0n) + v);
    for (const s of swaps) {
      const role = watch.roles.get(s.contract ?? "");
      if (role?.kind !== "pair") continue;
      const a = s.args as Record<string, string>;
      add(role.token0, BigInt(a.amount0Out ?? "0") - BigInt(a.amount0In ?? "0"));
      add(role.token1, BigInt(a.amount1Out ?? "0") - BigInt(a.amount1In ?? "0"));
    }
    const paidNative =
      routerPaidIn > 0n || tokenMoves.some((m) => m.kind === "native_transfer" && m.fromAddress === me);
    const moves: Move[] = [];
    for (const [t, v] of net) {
      if (v === 0n) continue; // an intermediate hop of a multi-pair route
      const native = t === wrapped && ((v < 0n && paidNative) || (v > 0n && routerPaidOut > 0n));
      moves.push({ direction: v < 0n ? "out" : "in", token: native ? null : t, amount: v < 0n ? -v : v });
    }
    return { kind: "swap", moves };
  }

  if (sentByMe && (of("mint").length > 0 || of("burn").length > 0)) {
    return {
      kind: of("mint").length > 0 ? "liquidity_add" : "liquidity_remove",
      moves: [...movesOf(tokenMoves, { skipNative: routerPaidIn > 0n }), ...routerNative()],
    };
  }

  if (txTo === wrapped) {
    const deposits = of("wrap").filter((r) => r.toAddress === me);
    if (deposits.length > 0) {
      const amount = sum(deposits);
      return {
        kind: "wrap",
        moves: [
          { direction: "out", token: null, amount },
          { direction: "in", token: wrapped, amount },
        ],
      };
    }
    const withdrawals = of("unwrap").filter((r) => r.fromAddress === me);
    if (withdrawals.length > 0) {
      const amount = sum(withdrawals);
      return {
        kind: "unwrap",
        moves: [
          { direction: "out", token: wrapped, amount },
          { direction: "in", token: null, amount },
        ],
      };
    }
  }

  const stakes = of("stake").filter((r) => r.fromAddress === me);
  const unstakes = of("unstake").filter((r) => r.toAddress === me);
  const rewards = of("reward").filter((r) => r.toAddress === me);
  if (stakes.length + unstakes.length + rewards.length > 0) {
    const rowMove = (direction: Move["direction"]) => (r: Row) => ({
      direction,
      token: r.token,
      amount: BigInt(r.amount ?? "0"),
    });
    return {
      kind: stakes.length > 0 ? "stake" : unstakes.length > 0 ? "unstake" : "reward",
      moves: [...stakes.map(rowMove("out")), ...unstakes.map(rowMove("in")), ...rewards.map(rowMove("in"))],
    };
  }

  const claims = of("claim").filter((r) => r.toAddress === me);
  if (claims.length > 0) {
    return {
      kind: "claim",
      moves: claims.map((r) => ({ direction: "in", token: r.token, amount: BigInt(r.amount ?? "0") })),
    };
  }

  if (tokenMoves.length === 0) return null;
  const outs = tokenMoves.filter((m) => m.fromAddress === me);
  const ins = tokenMoves.filter((m) => m.toAddress === me && m.fromAddress !== me);
  const isFaucetTx = txTo !== null && txTo === disperse && (!faucet || first.txFrom === faucet);
  const moves = movesOf([...outs, ...ins]);
  if (isFaucetTx && ins.length > 0 && !sentByMe) {
    return { kind: "faucet", moves, counterparty: ins[0]?.fromAddress ?? null };
  }
  if (outs.length > 0) return { kind: "send", moves, counterparty: outs[0]?.toAddress ?? null };
  return { kind: "receive", moves, counterparty: ins[0]?.fromAddress ?? null };
}

function transfer(m: Move, ctx: ActivityContext): ActivityTransfer {
  const quantity = (decimals: number) => ({ decimals: String(decimals), numeric: m.amount.toString() });
  if (!m.token) {
    return {
      direction: m.direction,
      name: ctx.watch.nativeName,
      symbol: ctx.watch.nativeSymbol,
      quantity: quantity(18),
    };
  }
  const info = ctx.watch.tokens.get(m.token.toLowerCase());
  return {
    direction: m.direction,
    name: info?.name ?? "Unknown token",
    symbol: info?.symbol ?? "?",
    address: caipAddress(ctx.chainId, info?.address ?? m.token),
    quantity: quantity(info?.decimals ?? 18),
  };
}
