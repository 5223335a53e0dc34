import { LRUCache } from "lru-cache";
import { type Address, createPublicClient, erc20Abi, http, type PublicClient } from "viem";
import type { Deployment } from "@/chain/deployment";
import { type Token, tokenIconDataUri } from "@/features/tokens";
import { currentDeployment, getPrices, getTokenList } from "@/features/tokens/server";
import { config } from "@/server/config";
import { logger } from "@/server/logger";
import { rpcErrorForLog } from "@/server/rpc-error";
import { type BalanceResponse, type BalanceToken, toTokenBalances } from "../balances";

/** The seed's native/portfolio balance cache lifetime. */
export const BALANCE_CACHE_MS = 30_000;
/**
 * Addresses whose balances are kept (least recently used evicted first). An entry is ~13 KiB (token
 * icons are data URIs), so the cache stays under ~26 MiB however many addresses are looked up.
 */
export const BALANCE_CACHE_MAX_ENTRIES = 2_000;

export type ReadBalances = (address: Address) => Promise<bigint[]>;

/**
 * Every ERC-20 balance in one `eth_call` (viem's deployless multicall: Multicall3 is created inside
 * the call, nothing is deployed on the testnet, which has no Multicall3) and the native balance via
 * eth_getBalance, both sent in the same JSON-RPC batch request (one HTTP round trip). Multicall3's
 * `getEthBalance` cannot be used here: in deployless mode Multicall3 has no address to call back.
 */
export function multicallBalances(client: PublicClient, tokens: readonly Token[]): ReadBalances {
  const erc20 = tokens.filter((t) => !t.isNative);
  return async (address) => {
    const [native, results] = await Promise.all([
      tokens.some((t) => t.isNative) ? client.getBalance({ address }) : Promise.resolve(0n),
      client.multicall({
        deployless: true,
        allowFailure: false,
        contracts: erc20.map(
          (t) => ({ address: t.address, abi: erc20Abi, functionName: "balanceOf", args: [address] }) as const,
        ),
      }),
    ]);
    let k = 0;
    return tokens.map((t) => (t.isNative ? native : (results[k++] as bigint)));
  };
}

/** A read client whose concurrent calls share one JSON-RPC batch request. */
export function balanceClient(): PublicClient {
  const c = config();
  return createPublicClient({
    transport: http(c.TESTNET_RPC_URL, { batch: { wait: 0 }, timeout: 10_000, retryCount: 1 }),
  }) as PublicClient;
}

type Entry = { at: number; value: BalanceResponse };

/**
 * The seed's balance lookup: a cached answer per address for 30 s; otherwise one lookup in flight per
 * address (concurrent callers share it), cached with a timestamp, the pending entry removed. On
 * failure the native coin shows 0 with its symbol and the failure is logged.
 *
 * A forced read (after a transfer) never joins a lookup in flight: that one may have read the chain
 * before the transfer was mined. It starts its own, which later plain callers join, and only the
 * newest lookup of an address may write the cache, so an older one settling last cannot put the
 * pre-transfer balance back for 30 s.
 */
export class BalanceService {
  private readonly cache: LRUCache<string, Entry>;
  /**
   * The newest lookup in flight per address; it removes itself when it settles, so this is bounded by
   * concurrency. `seq` tells it from an older one that a forced read replaced.
   */
  private readonly pending = new Map<string, { seq: number; lookup: Promise<BalanceResponse> }>();
  private lookups = 0;

  constructor(
    private readonly deps: {
      chainId: number;
      tokens: readonly Token[];
      read: ReadBalances;
      prices: () => Promise<ReadonlyMap<string, number>>;
      now?: () => number;
      ttlMs?: number;
      maxEntries?: number;
      log?: (err: unknown, address: string) => void;
    },
  ) {
    this.cache = new LRUCache({ max: deps.maxEntries ?? BALANCE_CACHE_MAX_ENTRIES });
  }

  /** Addresses currently cached (for tests and metrics). */
  get size(): number {
    return this.cache.size;
  }

  async get(address: Address, opts: { force?: boolean } = {}): Promise<BalanceResponse> {
    const key = address.toLowerCase();
    const now = this.deps.now ?? Date.now;
    const hit = this.cache.get(key);
    if (!opts.force && hit && now() - hit.at < (this.deps.ttlMs ?? BALANCE_CACHE_MS)) return hit.value;
    const inflight = this.pending.get(key);
    if (inflight && !opts.force) return inflight.lookup;
    const seq = ++this.lookups;
    const newest = () => this.pending.get(key)?.seq === seq;
    const lookup = this.lookup(address).then(
      (value) => {
        if (newest()) {
          this.pending.delete(key);
          if (value.status === "ok") this.cache.set(key, { at: now(), value });
        }
        return value;
      },
      (err: unknown) => {
        if (newest()) this.pending.delete(key);
        throw err;
      },
    );
    this.pending.set(key, { seq, lookup });
    return lookup;
  }

  /** The token list's display fields, built once (the icons are generated SVG data URIs). */
  private tokensCache: BalanceToken[] | undefined;
  private get tokens(): BalanceToken[] {
    this.tokensCache ??= this.deps.tokens.map((t) => ({
      name: t.name,
      symbol: t.symbol,
      decimals: t.decimals,
      isNative: t.isNative,
      caip: t.caip,
      priceKey: t.address.toLowerCase(),
      iconUrl: tokenIconDataUri(t.id),
    }));
    return this.tokensCache;
  }

  private async lookup(address: Address): Promise<BalanceResponse> {
    const tokens = this.tokens;
    const fetchedAt = new Date((this.deps.now ?? Date.now)()).toISOString();
    try {
      const [raw, prices] = await Promise.all([
        this.deps.read(address),
        this.deps.prices().catch(() => new Map<string, number>()),
      ]);
      return { balances: toTokenBalances(this.deps.chainId, tokens, raw, prices), status: "ok", fetchedAt };
    } catch (err) {
      (this.deps.log ?? defaultLog)(err, address);
      const native = tokens.filter((t) => t.isNative);
      return {
        balances: toTokenBalances(this.deps.chainId, native, [0n], new Map()),
        status: "unavailable",
        fetchedAt,
      };
    }
  }
}

const defaultLog = (err: unknown, address: string) =>
  logger.warn({ err: rpcErrorForLog(err), address }, "balance lookup failed; showing 0.00");

const g = globalThis as unknown as { __aurumBalances?: { key: string; service: BalanceService } };

/** The process's balance service for the configured testnet (null before the contracts are deployed). */
export function balanceService(deployment: Deployment | null = currentDeployment()): BalanceService | null {
  if (!deployment) return null;
  const key = `${deployment.chainId}:${deployment.contracts.tUSD.address}`;
  if (g.__aurumBalances?.key !== key) {
    const tokens = getTokenList(deployment);
    g.__aurumBalances = {
      key,
      service: new BalanceService({
        chainId: config().TESTNET_CHAIN_ID,
        tokens,
        read: multicallBalances(balanceClient(), tokens),
        prices: () => getPrices(deployment),
      }),
    };
  }
  return g.__aurumBalances.service;
}
