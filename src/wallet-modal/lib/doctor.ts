/**
 * The wallet doctor: problems peers leave users to guess at, each noticed and explained with its fix.
 * Pure checks here; the views show them (components/DoctorNotes.tsx).
 */

/** After this long without an answer, a wallet request probably never opened (the seed's 20 s iframe wait). */
export const WALLET_PROMPT_WAIT_MS = 20_000;
/** An RPC that has not answered eth_chainId in this time counts as down. */
export const RPC_PROBE_TIMEOUT_MS = 5_000;

export type AnnouncedWallet = { id: string; name: string; provider: unknown };

/** Two providers announcing the same rdns (two copies of one wallet, or one imitating another). */
export function duplicateAnnouncements(wallets: readonly AnnouncedWallet[]): string[] {
  const counts = new Map<string, { name: string; n: number }>();
  for (const w of wallets) {
    const c = counts.get(w.id) ?? { name: w.name, n: 0 };
    c.n++;
    counts.set(w.id, c);
  }
  return [...counts.values()].filter((c) => c.n > 1).map((c) => c.name);
}

/**
 * `window.ethereum` belongs to none of the announced wallets: an extension took it over (or a wallet
 * that does not announce itself sits there). Only meaningful when at least one wallet announced.
 */
export function ethereumTakenOver(windowEthereum: unknown, wallets: readonly AnnouncedWallet[]): boolean {
  if (!windowEthereum || wallets.length === 0) return false;
  return !wallets.some((w) => w.provider === windowEthereum);
}

/** eth_chainId against the RPC, bounded in time: true when it answers with the expected chain. */
export async function probeRpc(
  rpcUrl: string,
  expectedChainId: number,
  fetchFn: typeof fetch = fetch,
  timeoutMs = RPC_PROBE_TIMEOUT_MS,
): Promise<"ok" | "down" | "wrong-chain"> {
  try {
    const res = await fetchFn(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) return "down";
    const body = (await res.json()) as { result?: unknown };
    if (typeof body.result !== "string") return "down";
    return Number.parseInt(body.result, 16) === expectedChainId ? "ok" : "wrong-chain";
  } catch {
    return "down";
  }
}

/** Bytecode at an address: a smart-contract account (or an EIP-7702 delegated EOA) signs via EIP-1271. */
export function isContractCode(code: string | undefined | null): boolean {
  return typeof code === "string" && code !== "0x" && code.length > 2;
}
