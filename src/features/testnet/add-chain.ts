import { chainIdHex } from "./format";

/** The fields wallet_addEthereumChain needs (EIP-3085), from the public configuration. */
export type AddChainSettings = {
  chainId: number;
  chainName: string;
  nativeCurrencyName: string;
  nativeSymbol: string;
  rpcUrl: string;
  explorerUrl: string;
};

export type RequestFn = (args: { method: string; params?: unknown[] }) => Promise<unknown>;

export function addEthereumChainParams(s: AddChainSettings) {
  return {
    chainId: chainIdHex(s.chainId),
    chainName: s.chainName,
    nativeCurrency: { name: s.nativeCurrencyName, symbol: s.nativeSymbol, decimals: 18 },
    rpcUrls: [s.rpcUrl],
    blockExplorerUrls: [s.explorerUrl],
  };
}

/**
 * Adds the testnet to the wallet and switches to it. Adding first (rather than switch-then-add on
 * 4902) also refreshes the name, RPC URL and explorer of a wallet that knows an older entry.
 */
export async function addTestnetToWallet(request: RequestFn, s: AddChainSettings): Promise<void> {
  const params = addEthereumChainParams(s);
  await request({ method: "wallet_addEthereumChain", params: [params] });
  await request({ method: "wallet_switchEthereumChain", params: [{ chainId: params.chainId }] });
}

function errorCode(err: unknown, depth = 0): number | undefined {
  if (!err || typeof err !== "object" || depth > 5) return undefined;
  const e = err as { code?: unknown; cause?: unknown; data?: { originalError?: { code?: unknown } } };
  if (typeof e.code === "number") return e.code;
  if (typeof e.data?.originalError?.code === "number") return e.data.originalError.code;
  return errorCode(e.cause, depth + 1);
}

/** A human sentence for a failed wallet request (shown in a toast). */
export function walletErrorMessage(err: unknown): string {
  const code = errorCode(err);
  if (code === 4001) return "Request rejected in your wallet";
  if (code === 4100) return "Your wallet did not authorise this request. Unlock it and try again.";
  if (code === 4200)
    return "Your wallet does not support adding networks. Add it by hand with the details below.";
  if (code === -32002) return "Your wallet already has a pending request. Open it to continue.";
  const short = (err as { shortMessage?: unknown })?.shortMessage;
  if (typeof short === "string" && short) return short;
  const message = (err as { message?: unknown })?.message;
  if (typeof message === "string" && message && message.length < 160) return message;
  return "Could not add the network to your wallet";
}
