import { tryLoadDeployment } from "@/chain/deployment";
import { currentWatchList, type WatchList } from "@/features/indexer/server";
import { config } from "@/server/config";

/** What on-chain verifiers need to read the indexer's rows: our contracts and their roles. */
export type ChainContext = {
  watch: WatchList;
  /** Every contract we deployed (lower-case): a transfer to one of them is not a "send to another address". */
  contracts: Set<string>;
};

export function chainContextFor(watch: WatchList, extraContracts: string[] = []): ChainContext {
  return {
    watch,
    contracts: new Set([...watch.roles.keys(), ...extraContracts.map((a) => a.toLowerCase())]),
  };
}

/** The configured testnet's contracts, or null before they are deployed. */
export function currentChainContext(): ChainContext | null {
  const watch = currentWatchList();
  if (!watch) return null;
  const c = config();
  const d = tryLoadDeployment(c.TESTNET_CHAIN_ID, c.DEPLOYMENTS_DIR);
  return chainContextFor(watch, d ? Object.values(d.contracts).map((x) => x.address) : []);
}

/** A token of the watch list by symbol; the native symbol means its wrapped token (swaps route through it). */
export function tokenBySymbol(watch: WatchList, symbol: string) {
  const wanted =
    symbol.toLowerCase() === watch.nativeSymbol.toLowerCase() ? `W${watch.nativeSymbol}` : symbol;
  for (const t of watch.tokens.values()) if (t.symbol.toLowerCase() === wanted.toLowerCase()) return t;
  return null;
}
