"use client";

import { useMounted, useWalletContext } from "./context";

/**
 * The wallet's network. Only after mount (the server cannot know the wallet), and only when a wallet
 * is connected: the testnet's name, or "Wrong network" which opens the switch.
 */
export function NetworkBadge({ className = "" }: { className?: string }) {
  const mounted = useMounted();
  const { testnet, open, connection } = useWalletContext();
  if (!mounted || connection.address === undefined) return null;
  if (connection.chainId === testnet.id) {
    return (
      <span
        data-testid="network-badge"
        className={`inline-flex h-9 items-center gap-2 rounded-control border border-border px-3 text-sm text-muted ${className}`}
      >
        <span className="size-2 rounded-full bg-success" aria-hidden="true" />
        {testnet.name}
      </span>
    );
  }
  return (
    <button
      type="button"
      data-testid="network-badge"
      onClick={() => open({ view: "SwitchNetwork", data: { chainId: testnet.id } })}
      className={`inline-flex h-9 items-center gap-2 rounded-control border border-danger/60 px-3 text-sm text-danger hover:bg-danger/10 ${className}`}
    >
      <span className="size-2 rounded-full bg-danger" aria-hidden="true" />
      Wrong network
    </button>
  );
}
