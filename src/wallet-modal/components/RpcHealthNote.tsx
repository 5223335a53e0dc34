"use client";

import { useQuery } from "@tanstack/react-query";
import { useWalletContext } from "../context";
import { rpcHealthOptions } from "../state/prefetch";

/** The doctor's network check: says so when the testnet RPC does not answer (or is another chain). */
export function RpcHealthNote() {
  const { settings, testnet } = useWalletContext();
  const health = useQuery(rpcHealthOptions(settings.rpcUrl, settings.chainId));
  if (!health.data || health.data === "ok") return null;
  return (
    <p
      role="status"
      className="border-b border-warning/40 bg-warning/10 px-4 py-2 text-xs text-warning"
      data-testid="doctor-rpc"
    >
      {health.data === "down"
        ? `The ${testnet.name} RPC is not answering, so balances and transactions may fail. You can still connect; try again in a minute.`
        : `The ${testnet.name} RPC answers for another chain id. Tell the operator: the RPC URL is misconfigured.`}
    </p>
  );
}
