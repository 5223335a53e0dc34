/** Answer of `GET /api/chain/status`. Big numbers are decimal strings (docs/ARCHITECTURE.md: amounts on the wire). */
export type ChainStatus = {
  /** Latest block number, or null when the RPC is unreachable. */
  blockNumber: string | null;
  /** Current gas price in wei, or null when the RPC is unreachable. */
  gasPriceWei: string | null;
  rpc: { ok: boolean; latencyMs: number };
};
