"use client";

import { useState } from "react";
import type { Chain } from "viem";
import { useConnection } from "wagmi";
import { type RequestFn, switchOrAddChain } from "../lib/switch-chain";
import { isUserRejection } from "../lib/user-rejection";
import { useNav } from "../modal/nav";

/** Switch the connected wallet to `chain` (adding it first if needed), with error state and shake. */
export function useSwitchTo(chain: Chain) {
  const connection = useConnection();
  const nav = useNav();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (): Promise<boolean> => {
    if (!connection.connector) return false;
    setBusy(true);
    setError(null);
    try {
      const provider = (await connection.connector.getProvider()) as { request: RequestFn };
      await switchOrAddChain(provider.request.bind(provider), chain);
      return true;
    } catch (err) {
      setError(
        isUserRejection(err)
          ? "You declined the network switch in your wallet."
          : "The wallet could not switch networks.",
      );
      nav.shake();
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error, connected: connection.status === "connected" };
}
