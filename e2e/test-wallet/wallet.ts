import type { Page } from "@playwright/test";
import {
  createWalletClient,
  defineChain,
  type Hex,
  hexToNumber,
  isAddressEqual,
  numberToHex,
  type TypedDataDefinition,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { paddedGasTransport } from "../../src/chain/gas-margin";
import { type BindingReply, injectTestWallet, type ProviderInfo } from "./inject";

export const TEST_WALLET_INFO: ProviderInfo = {
  uuid: "5b7c9f0e-7c1e-4f5a-9a53-aa0b1e2d3c4f",
  name: "Aurum Test Wallet",
  icon:
    "data:image/svg+xml;base64," +
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#d4a63a"/><path d="M9 23 16 8l7 15h-4l-3-7-3 7z" fill="#0b0b0c"/></svg>',
    ).toString("base64"),
  rdns: "dev.aurum.testwallet",
};

const BINDING = "__aurumTestWalletRequest";

export type TestWalletOptions = {
  privateKey: Hex;
  /** Anvil JSON-RPC URL (reads and raw transactions go there). */
  anvilUrl?: string;
  /** The network the wallet starts on; e.g. 1 to test the wrong-network path. Default: Anvil's. */
  startChainId?: number;
  /** Answer every signature request with 4001 (user rejected). */
  rejectSignatures?: boolean;
  /** Answer eth_requestAccounts with 4001. */
  rejectConnect?: boolean;
  /** Another EIP-6963 identity, to put a second test wallet into the same page. */
  info?: ProviderInfo;
};

export type RecordedRequest = { method: string; params: unknown };

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Methods that need the key or the user's consent: handled here, never forwarded to the node. */
const WALLET_METHODS = new Set([
  "eth_requestAccounts",
  "eth_accounts",
  "eth_chainId",
  "net_version",
  "wallet_switchEthereumChain",
  "wallet_addEthereumChain",
  "wallet_requestPermissions",
  "wallet_getPermissions",
  "wallet_revokePermissions",
  "personal_sign",
  "eth_signTypedData_v4",
  "eth_sendTransaction",
  "eth_sign",
]);

export const defaultAnvilUrl = () =>
  process.env.E2E_ANVIL_URL ?? `http://127.0.0.1:${process.env.E2E_ANVIL_PORT ?? 8645}`;

/**
 * Node side of the test wallet (docs/ARCHITECTURE.md "Testing as a user would"): holds an Anvil dev key, asks
 * nothing of a human, and records every request so a test can assert what the app asked for.
 */
export class TestWallet {
  account: PrivateKeyAccount;
  readonly anvilUrl: string;
  readonly requests: RecordedRequest[] = [];
  /** Chains added by the app through wallet_addEthereumChain (parameters as received). */
  readonly addedChains: unknown[] = [];
  rejectSignatures: boolean;
  rejectConnect: boolean;
  chainId: number | undefined;
  private readonly startChainId: number | undefined;
  private knownChains = new Set<number>();
  private connected = false;
  private anvilChainId: number | undefined;
  private readonly pages = new Set<Page>();
  readonly info: ProviderInfo;
  private readonly binding: string;

  constructor(opts: TestWalletOptions) {
    this.account = privateKeyToAccount(opts.privateKey);
    this.anvilUrl = opts.anvilUrl ?? defaultAnvilUrl();
    this.startChainId = opts.startChainId;
    this.rejectSignatures = opts.rejectSignatures ?? false;
    this.rejectConnect = opts.rejectConnect ?? false;
    this.info = opts.info ?? TEST_WALLET_INFO;
    this.binding =
      this.info === TEST_WALLET_INFO ? BINDING : `${BINDING}_${this.info.uuid.replace(/\W/g, "")}`;
  }

  get address() {
    return this.account.address;
  }

  /** Installs the provider into `page` before any of its scripts run (call before `page.goto`). */
  async install(page: Page): Promise<this> {
    await this.init();
    await page.exposeBinding(
      this.binding,
      (source: { page: Page | null }, req: { method: string; params: unknown }) =>
        this.handle(source.page, req),
    );
    await page.addInitScript(injectTestWallet, { binding: this.binding, info: this.info });
    this.pages.add(page);
    return this;
  }

  /**
   * As if the user had connected this site before (a returning visitor): eth_accounts answers with
   * the account, so the app reconnects the wallet on load without asking.
   */
  authorize(): this {
    this.connected = true;
    return this;
  }

  /** Every method the app called, in order. */
  methods(): string[] {
    return this.requests.map((r) => r.method);
  }

  private async init() {
    if (this.anvilChainId !== undefined) return;
    this.anvilChainId = hexToNumber((await this.rpc("eth_chainId", [])) as Hex);
    this.chainId = this.startChainId ?? this.anvilChainId;
    this.knownChains = new Set([this.chainId, 1]);
  }

  private async handle(_page: Page | null, req: { method: string; params: unknown }): Promise<BindingReply> {
    this.requests.push({ method: req.method, params: req.params });
    try {
      const params = (Array.isArray(req.params) ? req.params : []) as unknown[];
      const result = WALLET_METHODS.has(req.method)
        ? await this.walletMethod(req.method, params)
        : await this.rpc(req.method, params);
      return { result: result ?? null };
    } catch (err) {
      if (err instanceof RpcError) return { error: { code: err.code, message: err.message } };
      const e = err as { code?: number; message?: string };
      return { error: { code: e.code ?? -32603, message: e.message ?? "Internal error" } };
    }
  }

  private async walletMethod(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case "eth_requestAccounts":
      case "wallet_requestPermissions":
        if (this.rejectConnect) throw new RpcError(4001, "User rejected the request.");
        this.connected = true;
        return method === "eth_requestAccounts" ? [this.address] : [{ parentCapability: "eth_accounts" }];
      case "eth_accounts":
        return this.connected ? [this.address] : [];
      case "wallet_getPermissions":
        return this.connected ? [{ parentCapability: "eth_accounts" }] : [];
      case "wallet_revokePermissions":
        this.connected = false;
        await this.emit("accountsChanged", []);
        return null;
      case "eth_chainId":
        return numberToHex(this.chainId!);
      case "net_version":
        return String(this.chainId);
      case "wallet_switchEthereumChain": {
        const id = Number((params[0] as { chainId: Hex }).chainId);
        if (!this.knownChains.has(id))
          throw new RpcError(4902, `Unrecognized chain ID "${numberToHex(id)}".`);
        await this.setChain(id);
        return null;
      }
      case "wallet_addEthereumChain": {
        const p = params[0] as {
          chainId: Hex;
          chainName?: string;
          nativeCurrency?: unknown;
          rpcUrls?: string[];
        };
        if (!p?.chainId || !p.chainName || !p.nativeCurrency || !p.rpcUrls?.length) {
          throw new RpcError(
            -32602,
            "wallet_addEthereumChain needs chainId, chainName, nativeCurrency, rpcUrls",
          );
        }
        this.addedChains.push(p);
        this.knownChains.add(Number(p.chainId));
        // Like MetaMask: adding a chain also offers (and here accepts) switching to it.
        await this.setChain(Number(p.chainId));
        return null;
      }
      case "personal_sign": {
        this.requireConnected();
        if (this.rejectSignatures) throw new RpcError(4001, "User rejected the request.");
        const [message, from] = params as [Hex, Hex];
        this.requireSelf(from);
        return this.account.signMessage({ message: { raw: message } });
      }
      case "eth_signTypedData_v4": {
        this.requireConnected();
        if (this.rejectSignatures) throw new RpcError(4001, "User rejected the request.");
        const [from, json] = params as [Hex, string];
        this.requireSelf(from);
        const typed = (typeof json === "string" ? JSON.parse(json) : json) as TypedDataDefinition & {
          types: Record<string, unknown>;
        };
        const { EIP712Domain: _domain, ...types } = typed.types;
        return this.account.signTypedData({ ...typed, types } as TypedDataDefinition);
      }
      case "eth_sendTransaction": {
        this.requireConnected();
        if (this.rejectSignatures) throw new RpcError(4001, "User rejected the request.");
        if (this.chainId !== this.anvilChainId)
          throw new RpcError(4901, "The wallet is not on the test chain.");
        const tx = params[0] as { from: Hex; to?: Hex; data?: Hex; value?: Hex; gas?: Hex };
        this.requireSelf(tx.from);
        const chain = defineChain({
          id: this.anvilChainId!,
          name: "Anvil",
          nativeCurrency: { name: "Aurum", symbol: "AURUM", decimals: 18 },
          rpcUrls: { default: { http: [this.anvilUrl] } },
        });
        // Signed here with the key, sent raw to Anvil (eth_sendRawTransaction). Without a gas limit
        // from the app, the estimate gets the headroom real wallets add (src/chain/gas-margin.ts).
        const client = createWalletClient({
          account: this.account,
          chain,
          transport: paddedGasTransport(this.anvilUrl),
        });
        return client.sendTransaction({
          to: tx.to,
          data: tx.data,
          value: tx.value ? BigInt(tx.value) : undefined,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        });
      }
      case "eth_sign":
        // eth_sign signs arbitrary hashes (phishing vector); a well-behaved app never asks for it.
        throw new RpcError(4200, "eth_sign is not supported by this wallet.");
      default:
        throw new RpcError(4200, `Unsupported method ${method}`);
    }
  }

  private requireConnected() {
    if (!this.connected) throw new RpcError(4100, "The wallet is not connected to this site.");
  }

  private requireSelf(from: string | undefined) {
    if (!from || !isAddressEqual(from as Hex, this.address)) {
      throw new RpcError(4100, `Unknown account ${from}`);
    }
  }

  private async setChain(id: number) {
    if (this.chainId === id) return;
    this.chainId = id;
    await this.emit("chainChanged", numberToHex(id));
  }

  /** Emits a provider event to every page the wallet is installed in. */
  async emit(event: string, payload: unknown) {
    for (const page of this.pages) {
      if (page.isClosed()) continue;
      await page
        .evaluate(
          ([fn, e, p]) =>
            (window as unknown as Record<string, ((e: string, p: unknown) => void) | undefined>)[
              fn as string
            ]?.(e as string, p),
          [`${this.binding}Emit`, event, payload] as const,
        )
        .catch(() => undefined);
    }
  }

  /** Simulates the user picking another network in the wallet's own UI. */
  async walletSwitch(chainId: number) {
    this.knownChains.add(chainId);
    await this.setChain(chainId);
  }

  /** Simulates the user switching the active account in the wallet UI. */
  async switchAccount(privateKey: Hex) {
    this.account = privateKeyToAccount(privateKey);
    if (this.connected) await this.emit("accountsChanged", [this.address]);
  }

  private async rpc(method: string, params: unknown[]): Promise<unknown> {
    const res = await fetch(this.anvilUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (body.error) throw new RpcError(body.error.code, body.error.message);
    return body.result;
  }
}
