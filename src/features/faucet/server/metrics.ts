import { Counter, Gauge } from "prom-client";
import { metricsRegistry } from "@/server/metrics";
import type { FaucetAsset } from "../schema";

type FaucetMetrics = {
  refilling: Gauge;
  balance: Gauge<"asset">;
  payouts: Counter<"asset" | "outcome">;
  transactions: Counter<"kind">;
  feeBumps: Counter<"outcome">;
};

// On globalThis: dev-mode module reloads must not register the same metric twice.
const g = globalThis as unknown as { __aurumFaucetMetrics?: FaucetMetrics };

export function faucetMetrics(): FaucetMetrics {
  g.__aurumFaucetMetrics ??= {
    refilling: new Gauge({
      name: "aurum_faucet_refilling",
      help: "1 while the faucet balance is below FAUCET_MIN_BALANCE (or cannot cover a batch) and sending is paused.",
      registers: [metricsRegistry],
    }),
    balance: new Gauge({
      name: "aurum_faucet_balance",
      help: "Faucet account balance by asset, in whole units (last read by the sender).",
      labelNames: ["asset"] as const,
      registers: [metricsRegistry],
    }),
    payouts: new Counter({
      name: "aurum_faucet_payouts_total",
      help: "Faucet payments settled on chain, by asset and outcome (confirmed, failed, requeued).",
      labelNames: ["asset", "outcome"] as const,
      registers: [metricsRegistry],
    }),
    transactions: new Counter({
      name: "aurum_faucet_transactions_total",
      help: "Transactions signed and recorded by the faucet sender, by kind.",
      labelNames: ["kind"] as const,
      registers: [metricsRegistry],
    }),
    feeBumps: new Counter({
      name: "aurum_faucet_fee_bumps_total",
      help: "Stuck faucet transactions re-signed with higher fees (bumped; limited: held at FAUCET_MAX_FEE_GWEI), or left waiting because even the minimum bump exceeds it (capped).",
      labelNames: ["outcome"] as const,
      registers: [metricsRegistry],
    }),
  };
  return g.__aurumFaucetMetrics;
}

export function recordBalances(
  balances: Record<FaucetAsset, bigint>,
  decimals: Record<FaucetAsset, number>,
): void {
  const m = faucetMetrics();
  for (const asset of Object.keys(balances) as FaucetAsset[]) {
    m.balance.set({ asset }, Number(balances[asset]) / 10 ** decimals[asset]);
  }
}
