import { type Abi, type Address, decodeEventLog, decodeFunctionData, type Hex, zeroAddress } from "viem";
import {
  disperseAbi,
  merkleDistributorAbi,
  pairAbi,
  stakingRewardsAbi,
  testTokenAbi,
  wrappedNativeAbi,
} from "@/chain/generated";
import type { NewChainEvent } from "@/db/schema";
import type { ContractRole, WatchList } from "./contracts";

/** Log index used for the transaction's own native value transfer (it has no log). */
export const NATIVE_TX_LOG_INDEX = -1;
/** Log index of the i-th recipient of a native Disperse payout (those emit no per-recipient log). */
export const dispersePayoutLogIndex = (i: number) => -2 - i;

export type RawLog = {
  address: Address;
  topics: readonly Hex[] | [Hex, ...Hex[]] | [];
  data: Hex;
  blockNumber: bigint | null;
  blockHash: Hex | null;
  transactionHash: Hex | null;
  transactionIndex: number | null;
  logIndex: number | null;
};

/** What the decoder needs to know about the transaction and block a log belongs to. */
export type TxContext = { from: Address; to: Address | null; index: number; blockTime: Date };

type Row = Omit<NewChainEvent, "id">;

const abiOf: Record<ContractRole["kind"], Abi> = {
  token: testTokenAbi as Abi,
  wrapped: wrappedNativeAbi as Abi,
  pair: pairAbi as Abi,
  staking: stakingRewardsAbi as Abi,
  disperse: disperseAbi as Abi,
  distributor: merkleDistributorAbi as Abi,
};

const lc = (a: string | null | undefined) => (a ? a.toLowerCase() : null);

/** Decoded arguments as JSON: big integers become decimal strings, addresses lower-case. */
export function jsonArgs(args: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(args)) {
    if (typeof v === "bigint") out[k] = v.toString();
    else if (typeof v === "string") out[k] = /^0x[0-9a-fA-F]{40}$/.test(v) ? v.toLowerCase() : v;
    else if (typeof v === "number" || typeof v === "boolean") out[k] = v;
    else out[k] = JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x));
  }
  return out;
}

/**
 * Decodes one log of a watched contract into a row, or null when the event is not one we keep
 * (approvals, admin events) or the contract is not watched.
 */
export function decodeLog(log: RawLog, tx: TxContext, watch: WatchList): Row | null {
  const role = watch.roles.get(log.address.toLowerCase());
  if (!role || log.topics.length === 0) return null;
  let decoded: { eventName: string; args: Record<string, unknown> };
  try {
    decoded = decodeEventLog({
      abi: abiOf[role.kind],
      topics: log.topics as [Hex, ...Hex[]],
      data: log.data,
      strict: true,
    }) as unknown as { eventName: string; args: Record<string, unknown> };
  } catch {
    return null;
  }
  const a = decoded.args;
  const mapped = mapEvent(role, log.address, decoded.eventName, a);
  if (!mapped) return null;
  return {
    blockNumber: Number(log.blockNumber),
    blockHash: lc(log.blockHash) ?? "",
    blockTime: tx.blockTime,
    txHash: lc(log.transactionHash) ?? "",
    txIndex: log.transactionIndex ?? tx.index,
    logIndex: log.logIndex ?? 0,
    contract: log.address.toLowerCase(),
    txFrom: tx.from.toLowerCase(),
    txTo: lc(tx.to),
    args: jsonArgs(a),
    status: "success",
    ...mapped,
  };
}

type Mapped = Pick<Row, "kind" | "token" | "fromAddress" | "toAddress" | "amount">;

function mapEvent(
  role: ContractRole,
  address: Address,
  event: string,
  a: Record<string, unknown>,
): Mapped | null {
  const addr = (v: unknown) => lc(v as string);
  const amt = (v: unknown) => (v as bigint).toString();
  const token = address.toLowerCase();
  switch (role.kind) {
    case "token":
    case "wrapped":
    case "pair":
      if (event === "Transfer") {
        return {
          kind: "transfer",
          token,
          fromAddress: addr(a.from),
          toAddress: addr(a.to),
          amount: amt(a.value),
        };
      }
      if (role.kind === "wrapped" && event === "Deposit") {
        return { kind: "wrap", token, fromAddress: null, toAddress: addr(a.dst), amount: amt(a.wad) };
      }
      if (role.kind === "wrapped" && event === "Withdrawal") {
        return { kind: "unwrap", token, fromAddress: addr(a.src), toAddress: null, amount: amt(a.wad) };
      }
      if (role.kind === "pair") {
        if (event === "Swap")
          return { kind: "swap", token, fromAddress: addr(a.sender), toAddress: addr(a.to), amount: null };
        if (event === "Mint")
          return { kind: "mint", token, fromAddress: addr(a.sender), toAddress: null, amount: null };
        if (event === "Burn")
          return { kind: "burn", token, fromAddress: addr(a.sender), toAddress: addr(a.to), amount: null };
        if (event === "Sync")
          return { kind: "sync", token, fromAddress: null, toAddress: null, amount: null };
      }
      return null;
    case "staking": {
      const staking = role.stakingToken.toLowerCase();
      if (event === "Staked")
        return {
          kind: "stake",
          token: staking,
          fromAddress: addr(a.user),
          toAddress: token,
          amount: amt(a.amount),
        };
      if (event === "Withdrawn")
        return {
          kind: "unstake",
          token: staking,
          fromAddress: token,
          toAddress: addr(a.user),
          amount: amt(a.amount),
        };
      if (event === "RewardPaid") {
        return {
          kind: "reward",
          token: role.rewardsToken.toLowerCase(),
          fromAddress: token,
          toAddress: addr(a.user),
          amount: amt(a.reward),
        };
      }
      return null;
    }
    case "distributor":
      if (event === "Claimed") {
        return {
          kind: "claim",
          token: role.token.toLowerCase(),
          fromAddress: token,
          toAddress: addr(a.account),
          amount: amt(a.amount),
        };
      }
      if (event === "Withdrawn") {
        // The operator sweeping what was not claimed after the deadline.
        return {
          kind: "sweep",
          token: role.token.toLowerCase(),
          fromAddress: token,
          toAddress: addr(a.to),
          amount: amt(a.amount),
        };
      }
      return null;
    case "disperse": {
      const t = addr(a.token);
      const asset = t === zeroAddress ? null : t;
      if (event === "Dispersed")
        return {
          kind: "disperse",
          token: asset,
          fromAddress: addr(a.sender),
          toAddress: null,
          amount: amt(a.paid),
        };
      if (event === "PaymentFailed")
        return {
          kind: "payment_failed",
          token: asset,
          fromAddress: null,
          toAddress: addr(a.recipient),
          amount: amt(a.amount),
        };
      return null;
    }
  }
}

export type BlockTx = {
  hash: Hex;
  from: Address;
  to: Address | null;
  value: bigint;
  input: Hex;
  transactionIndex: number | null;
};

type BlockRef = { number: number; hash: string; time: Date };

/** A plain native value transfer of a transaction (caller decides it concerns a participant). */
export function nativeTransferRow(tx: BlockTx, block: BlockRef, status: "success" | "failed"): Row {
  return {
    blockNumber: block.number,
    blockHash: block.hash.toLowerCase(),
    blockTime: block.time,
    txHash: tx.hash.toLowerCase(),
    txIndex: tx.transactionIndex ?? 0,
    logIndex: NATIVE_TX_LOG_INDEX,
    kind: "native_transfer",
    contract: null,
    token: null,
    fromAddress: tx.from.toLowerCase(),
    toAddress: lc(tx.to),
    txFrom: tx.from.toLowerCase(),
    txTo: lc(tx.to),
    amount: tx.value.toString(),
    args: {},
    status,
  };
}

/**
 * The recipients actually paid by a successful `disperseNative` call. The contract emits no log per
 * recipient, so they come from the calldata, minus the ones named by a `PaymentFailed` log.
 * `txLogs` are this transaction's decoded rows; without a native `disperse` row the call failed.
 */
export function dispersePayoutRows(tx: BlockTx, block: BlockRef, txLogs: Row[]): Row[] {
  const dispersed = txLogs.find((r) => r.kind === "disperse" && r.token === null);
  if (!dispersed) return [];
  let recipients: readonly Address[];
  let values: readonly bigint[];
  try {
    const call = decodeFunctionData({ abi: disperseAbi, data: tx.input });
    if (call.functionName !== "disperseNative") return [];
    [recipients, values] = call.args as [readonly Address[], readonly bigint[]];
  } catch {
    return [];
  }
  // A recipient may appear twice in one batch with one failure: consume failures one by one.
  const failures = txLogs.filter((r) => r.kind === "payment_failed" && r.token === null);
  const rows: Row[] = [];
  recipients.forEach((to, i) => {
    const value = values[i] ?? 0n;
    const f = failures.findIndex((r) => r.toAddress === to.toLowerCase() && r.amount === value.toString());
    if (f >= 0) {
      failures.splice(f, 1);
      return;
    }
    if (value === 0n) return;
    rows.push({
      blockNumber: block.number,
      blockHash: block.hash.toLowerCase(),
      blockTime: block.time,
      txHash: tx.hash.toLowerCase(),
      txIndex: tx.transactionIndex ?? 0,
      logIndex: dispersePayoutLogIndex(i),
      kind: "disperse_payout",
      contract: tx.to?.toLowerCase() ?? null,
      token: null,
      fromAddress: tx.from.toLowerCase(),
      toAddress: to.toLowerCase(),
      txFrom: tx.from.toLowerCase(),
      txTo: lc(tx.to),
      amount: value.toString(),
      args: { index: i },
      status: "success",
    });
  });
  return rows;
}
