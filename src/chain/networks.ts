import { type Chain, defineChain } from "viem";
import { bsc } from "viem/chains";

/** The subset of public configuration a chain definition needs (works on server and client). */
export type TestnetSettings = {
  productName: string;
  nativeCurrencyName: string;
  nativeSymbol: string;
  chainId: number;
  rpcUrl: string;
  explorerUrl: string;
};

/** The {product} Testnet as the seed defines it: id 99199 by default, 18 decimals. */
export function testnetChain(s: TestnetSettings): Chain {
  return defineChain({
    id: s.chainId,
    name: `${s.productName} Testnet`,
    nativeCurrency: { name: s.nativeCurrencyName, symbol: s.nativeSymbol, decimals: 18 },
    rpcUrls: { default: { http: [s.rpcUrl] }, public: { http: [s.rpcUrl] } },
    blockExplorers: { default: { name: `${s.productName} Testnet Explorer`, url: s.explorerUrl } },
    testnet: true,
  });
}

/** The seed's built-in fallback network. */
export const bnbSmartChain: Chain = bsc;

/** CAIP-2 id, e.g. `eip155:99199`. */

/** CAIP-10 account/asset id, e.g. `eip155:99199:0xabc…`. */
export const caipAddress = (chainId: number, address: string) => `eip155:${chainId}:${address}` as const;
