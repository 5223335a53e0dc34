import { type Chain, numberToHex } from "viem";

/** The part of an EIP-1193 provider we need. */
export type RequestFn = (args: { method: string; params?: unknown[] }) => Promise<unknown>;

/** The EIP-1193 code of a wallet error, through viem's wrapping; 4902: the wallet does not know the chain. */
const errorCode = (err: unknown): number | undefined => {
  const e = err as { code?: number; data?: { originalError?: { code?: number } }; cause?: unknown };
  return e?.code ?? e?.data?.originalError?.code ?? (e?.cause ? errorCode(e.cause) : undefined);
};

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
    if (errorCode(err) !== 4902) throw err;
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
