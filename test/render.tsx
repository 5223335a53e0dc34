// Component-test harness (docs/ARCHITECTURE.md, "Testing"): renders UI inside the same providers as
// the app (wagmi with a mock connector, TanStack Query, the wallet-modal context) under happy-dom.
// There is no chain: RPC reads fail at once, and nothing leaves the process.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import type { ReactNode } from "react";
import type { Address, Chain } from "viem";
import { custom } from "viem";
import { type Mock, vi } from "vitest";
import { type Connector, type CreateConnectorFn, createConfig, mock, WagmiProvider } from "wagmi";
import { connect } from "wagmi/actions";
import { testnetChain } from "@/chain/networks";
import { fakeDeployment } from "@/features/indexer/testing";
import { type AmmEnv, buildTokenList } from "@/features/tokens";
import type { WalletSettings } from "@/wallet-modal/config";
import { WalletContext, type WalletContextValue } from "@/wallet-modal/context";
import { createModalStore } from "@/wallet-modal/state/store";
import { SETTINGS } from "./wallet-settings";

export const ACCOUNT = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as Address;

/** An AmmEnv over the fake deployment (fixed addresses; no chain behind them). */
export function testEnv(): AmmEnv {
  const d = fakeDeployment();
  const c = d.contracts;
  const tokens = buildTokenList(d, { name: "Aurum", symbol: "AURUM" });
  return {
    chainId: d.chainId,
    explorerUrl: SETTINGS.explorerUrl,
    tokens,
    contracts: {
      router: c.router.address,
      factory: c.factory.address,
      wrappedNative: c.wrappedNative.address,
      tUSD: c.tUSD.address,
      tETH: c.tETH.address,
      stakingWAURUM: c.stakingWAURUM.address,
      stakingLP: c.stakingLP.address,
    },
    pairs: [],
  };
}

export type Harness = {
  store: ReturnType<typeof createModalStore>;
  setSessionAddress: Mock<WalletContextValue["setSessionAddress"]>;
  open: Mock<WalletContextValue["open"]>;
};

export async function renderWithWallet(
  ui: ReactNode,
  opts: {
    connected?: boolean;
    sessionAddress?: Address | null;
    accountTabs?: ReactNode;
    connectors?: CreateConnectorFn[];
    /** Operator settings other than the default testnet's (e.g. `walletExclude`). */
    settings?: Partial<WalletSettings>;
  } = {},
) {
  const settings = { ...SETTINGS, ...opts.settings };
  const testnet = testnetChain(SETTINGS);
  const config = createConfig({
    chains: [testnet] as [Chain],
    // No chain behind the tests: every RPC read fails at once (the UI shows its "unknown" states).
    transports: {
      [testnet.id]: custom({
        request: async () => {
          throw new Error("no chain in component tests");
        },
      }),
    },
    connectors: opts.connectors ?? [mock({ accounts: [ACCOUNT] })],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const store = createModalStore();
  const harness: Harness = {
    store,
    setSessionAddress: vi.fn<WalletContextValue["setSessionAddress"]>(),
    open: vi.fn<WalletContextValue["open"]>(),
  };
  const value: WalletContextValue = {
    settings,
    testnet,
    store,
    sessionAddress: opts.sessionAddress ?? null,
    sessionPending: false,
    setSessionAddress: harness.setSessionAddress,
    profileName: null,
    setProfileName: () => {},
    snapshot: () => ({ walletConnected: Boolean(opts.connected), chainSupported: true, hasSession: false }),
    open: harness.open,
    close: () => store.close(),
    connection: opts.connected ? { address: ACCOUNT, chainId: testnet.id } : {},
    reportConnection: () => {},
    requestRuntime: () => {},
    accountTabs: opts.accountTabs,
  };
  const result = render(
    <WagmiProvider config={config} reconnectOnMount={false}>
      <QueryClientProvider client={queryClient}>
        <WalletContext.Provider value={value}>{ui}</WalletContext.Provider>
      </QueryClientProvider>
    </WagmiProvider>,
  );
  // Connected after mounting: WagmiProvider's hydration would reset a connection made before it.
  if (opts.connected) {
    await act(async () => {
      await connect(config, { connector: config.connectors[0] as Connector, chainId: testnet.id });
    });
  }
  return { ...result, ...harness, config };
}

/** Calls the stub saw on our API (`/api/…`), as [path, init]; chain RPC calls are left out. */
export function apiCalls(fn: ReturnType<typeof stubApi>): [string, RequestInit | undefined][] {
  return fn.mock.calls
    .map(
      ([input, init]) =>
        [new URL(String(input), "http://localhost").pathname, init] as [string, RequestInit | undefined],
    )
    .filter(([path]) => path.startsWith("/api/"));
}

/** A fetch stub answering by path; unknown paths (and the chain RPC) get a 404 in the API's error shape. */
export function stubApi(routes: Record<string, (init?: RequestInit) => { status?: number; body: unknown }>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), "http://localhost").pathname;
    const hit = routes[path];
    const answer = hit
      ? hit(init)
      : { status: 404, body: { error: { code: "NOT_FOUND", message: "not found" } } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}
