import { type Chain, numberToHex } from "viem";

/** The part of an EIP-1193 provider we need. */
export type RequestFn = (args: { method: string; params?: unknown[] }) => Promise<unknown>;

const UNKNOWN_CHAIN = 4902;
/** viem nests 3-4 errors; a cyclic `cause` must not loop forever. */
const MAX_DEPTH = 10;

/**
 * The wallet does not know the chain (4902). Wallets put the code in different places, so any of
 * them counts: on the error, under `data.originalError` (MetaMask Mobile answers -32603 with the
 * 4902 in there: metamask-mobile#2944, unwrapped the same way by wagmi's injected connector), or
 * down viem's `cause` chain. Taking the first code found stopped at the -32603.
 */
function isUnknownChain(err: unknown): boolean {
  let cur = err as { code?: unknown; data?: { originalError?: { code?: unknown } }; cause?: unknown };
  for (let depth = 0; depth < MAX_DEPTH && typeof cur === "object" && cur !== null; depth++) {
    if (cur.code === UNKNOWN_CHAIN || cur.data?.originalError?.code === UNKNOWN_CHAIN) return true;
    cur = cur.cause as typeof cur;
  }
  return false;
}

/**
 * Asks the wallet to switch to `chain`; when the wallet does not know it (4902), adds it with name,
 * currency, RPC URL and explorer URL (the seed's "Switch network"), then switches.
 */
export async function switchOrAddChain(request: RequestFn, chain: Chain): Promise<void> {
  const chainId = numberToHex(chain.id);
  try {
    await request({ method: "wallet_switchEthereumChain", params: [{ chainId }] });
    return;
  } catch (err) {
    if (!isUnknownChain(err)) throw err;
  }
  await request({
    method: "wallet_addEthereumChain",
    params: [
      {
        chainId,
        chainName: chain.name,
        nativeCurrency: chain.nativeCurrency,
        rpcUrls: chain.rpcUrls.default.http,
        blockExplorerUrls: chain.blockExplorers ? [chain.blockExplorers.default.url] : undefined,
      },
    ],
  });
  // Some wallets add without switching; asking again is a no-op for the ones that already did.
  await request({ method: "wallet_switchEthereumChain", params: [{ chainId }] });
}
