import type { Config, CreateConnectorFn } from "wagmi";
import { reconnect } from "wagmi/actions";
import { walletConnect } from "wagmi/connectors/walletConnect";
import type { WalletSettings } from "../config";
import { walletConnectSessionStored as hasStoredSession } from "../lib/walletconnect-gate";

/** wagmi's id of its WalletConnect connector. */
export const WALLETCONNECT_ID = "walletConnect";

/**
 * The test seam (e2e/wallet-modal-walletconnect.spec.ts): a page may provide an EIP-1193 provider
 * with WalletConnect's `connect`/`display_uri` surface under this name, used instead of
 * `@walletconnect/ethereum-provider` (whose relay is off the machine in tests). A script able to set
 * it already controls the page, so it grants nothing new.
 */
export const TEST_PROVIDER_KEY = "__aurumWalletConnectProvider";

type Provider = Awaited<ReturnType<ReturnType<ReturnType<typeof walletConnect>>["getProvider"]>>;

function testProvider(): Provider | undefined {
  if (typeof window === "undefined") return undefined;
  return (window as unknown as Record<string, Provider | undefined>)[TEST_PROVIDER_KEY];
}

/**
 * wagmi's `walletConnect` connector without its vendor QR modal (the modal draws its own QR), that
 * does not load the provider on every page: only when a WalletConnect session was stored here or the
 * user picks WalletConnect.
 */
export function aurumWalletConnect(settings: WalletSettings, projectId: string): CreateConnectorFn {
  const base = walletConnect({
    projectId,
    showQrModal: false,
    metadata: {
      name: settings.productName,
      description: `${settings.productName} testnet portal`,
      url: window.location.origin,
      icons: [`${window.location.origin}/icon.svg`],
    },
  });
  return ((config: Parameters<typeof base>[0]) => {
    const c = base(config);
    return {
      ...c,
      // wagmi calls setup() when the connector is added; the provider loads on demand instead.
      async setup() {},
      async getProvider(params?: { chainId?: number }) {
        return testProvider() ?? c.getProvider.call(this, params);
      },
      async isAuthorized() {
        if (!testProvider() && !hasStoredSession()) return false;
        return c.isAuthorized.call(this);
      },
    };
  }) as CreateConnectorFn;
}

/**
 * Adds the WalletConnect connector to the app's one wagmi config (wagmi 3's connector store, the
 * same one its EIP-6963 discovery adds to) and restores a stored WalletConnect session.
 */
export async function installWalletConnect(config: Config, settings: WalletSettings, projectId: string) {
  const connectors = config._internal.connectors;
  if (config.connectors.some((c) => c.id === WALLETCONNECT_ID)) return;
  const connector = connectors.setup(aurumWalletConnect(settings, projectId));
  connectors.setState((list) => [...list, connector]);
  if (config.state.status !== "connected" && (testProvider() || hasStoredSession())) {
    await reconnect(config, { connectors: [connector] }).catch(() => undefined);
  }
}
