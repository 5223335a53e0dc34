/**
 * Integration-test helpers: an Anvil chain with our contracts deployed and seeded, and wallets for
 * its dev accounts. Never imported by app code.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { Deployment } from "@/chain/deployment";
import { paddedGasTransport } from "@/chain/gas-margin";
import { deployAll } from "../../../../scripts/deploy";
import { ANVIL_KEYS, type Anvil, startAnvil } from "../../../../scripts/lib/anvil";
import { freePort } from "../../../../test/ports";

export type TestChain = {
  anvil: Anvil;
  port: number;
  stateFile: string;
  dir: string;
  chain: Chain;
  deployment: Deployment;
  pub: PublicClient;
  wallet: (i: number) => WalletClient<Transport, Chain, Account>;
  address: (i: number) => Address;
  rpc: <T>(method: string, params?: unknown[]) => Promise<T>;
  /** Stops Anvil (state dumped) and starts it again on the same port with the same state. */
  restart: (downMs?: number) => Promise<void>;
  stop: () => Promise<void>;
};

export async function startTestChain(): Promise<TestChain> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-idx-"));
  const stateFile = path.join(dir, "state.json");
  let anvil = await startAnvil({ port, stateFile, stateInterval: 1 });
  const url = anvil.url;
  const chain = defineChain({
    id: 99199,
    name: "Aurum Testnet",
    nativeCurrency: { name: "Aurum", symbol: "AURUM", decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  const address = (i: number) => privateKeyToAccount(ANVIL_KEYS[i]!).address;
  const deployment = await deployAll({
    rpcUrl: url,
    privateKey: ANVIL_KEYS[0],
    chainId: 99199,
    outDir: dir,
    seedLocalState: true,
    faucetAddress: address(1),
  });
  // cacheTime 0: viem keeps a block number for `cacheTime` (default: the polling interval), so a test
  // comparing the indexer's cursor with the head right after a receipt could read the head from
  // before that block (CI: "expected 31 to be 30" at indexer.int.test.ts:124).
  const pub = createPublicClient({
    chain,
    transport: http(url),
    pollingInterval: 50,
    cacheTime: 0,
  }) as PublicClient;
  const t: TestChain = {
    anvil,
    port,
    stateFile,
    dir,
    chain,
    deployment,
    pub,
    address,
    wallet: (i) =>
      createWalletClient({
        chain,
        account: privateKeyToAccount(ANVIL_KEYS[i]!),
        transport: paddedGasTransport(url),
      }),
    rpc: async (method, params = []) => {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      });
      const body = (await res.json()) as { result: never; error?: { message: string } };
      if (body.error) throw new Error(body.error.message);
      return body.result;
    },
    restart: async (downMs = 0) => {
      await t.anvil.stop();
      if (downMs) await new Promise((r) => setTimeout(r, downMs));
      anvil = await startAnvil({ port, stateFile, stateInterval: 1 });
      t.anvil = anvil;
    },
    stop: async () => {
      await t.anvil.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return t;
}
