/**
 * Deploys the testnet contracts with one account and writes deployments/<chainId>.json.
 * Idempotent: when that file exists and every recorded address has code, nothing is sent.
 * On a local chain (`seedLocalState`) it also seeds pools, staking rewards and the faucet account.
 *
 * CLI env: TESTNET_RPC_URL (default http://127.0.0.1:8545), DEPLOYER_PRIVATE_KEY (default Anvil key 0),
 * FAUCET_ADDRESS (default: the address of FAUCET_PRIVATE_KEY, else of the dev faucet key the app also
 * defaults to, so `npm run deploy` funds the account the worker sends from), DEPLOYMENTS_DIR,
 * NATIVE_SYMBOL, PRODUCT_NAME, SEED_LOCAL_STATE (default: RPC is loopback).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Abi,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  getCreate2Address,
  type Hash,
  type Hex,
  http,
  keccak256,
  maxUint256,
  type PublicClient,
  parseUnits,
  type TransactionReceipt,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import {
  CONTRACT_KEYS,
  type ContractKey,
  type Deployment,
  deploymentPath,
  PAIR_KEYS,
  parseDeployment,
  tryLoadDeployment,
} from "../src/chain/deployment";
import {
  disperseAbi,
  disperseBytecode,
  factoryAbi,
  factoryBytecode,
  pairBytecode,
  routerAbi,
  routerBytecode,
  stakingRewardsAbi,
  stakingRewardsBytecode,
  testTokenAbi,
  testTokenBytecode,
  wrappedNativeAbi,
  wrappedNativeBytecode,
} from "../src/chain/generated";
import { ANVIL_KEYS } from "./lib/anvil";

export type DeployOptions = {
  rpcUrl: string;
  privateKey: Hex;
  chainId: number;
  /** Directory for <chainId>.json. */
  outDir: string;
  /** Seed pools, staking rewards and the faucet (local chains; the deployer mints freely). */
  seedLocalState: boolean;
  /** Funded with native coin and test tokens when seeding. */
  faucetAddress?: Address;
  productName?: string;
  nativeSymbol?: string;
  log?: (message: string) => void;
};

export const REWARDS_DURATION = 30n * 24n * 3600n;

/** Seed amounts. Prices: 1 AURUM = 2 tUSD, 1 tETH = 3000 tUSD = 1500 AURUM. */
export const SEED = {
  pools: {
    "WAURUM/tUSD": { native: parseUnits("100000", 18), token: parseUnits("200000", 6) },
    "WAURUM/tETH": { native: parseUnits("150000", 18), token: parseUnits("100", 18) },
    "tETH/tUSD": { tETH: parseUnits("100", 18), tUSD: parseUnits("300000", 6) },
  },
  stakingRewards: parseUnits("100000", 6), // per staking pool, over REWARDS_DURATION
  faucet: { native: parseUnits("100000", 18), tUSD: parseUnits("1000000", 6), tETH: parseUnits("1000", 18) },
} as const;

const isLoopback = (rpcUrl: string) =>
  /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(rpcUrl);

/**
 * Sends transactions with locally tracked nonces. On a local automining chain it does not wait for
 * each receipt (Anvil has mined the transaction before it answers); elsewhere it waits for each one,
 * because later transactions' gas estimates depend on earlier ones.
 */
class Sender {
  private nonce = 0;
  private readonly pending: { label: string; hash: Hash }[] = [];
  readonly receipts = new Map<string, TransactionReceipt>();

  constructor(
    private readonly pub: PublicClient,
    private readonly wallet: ReturnType<typeof createWalletClient>,
    private readonly account: PrivateKeyAccount,
    private readonly chain: Chain,
    private readonly waitEach: boolean,
  ) {}

  async init() {
    this.nonce = await this.pub.getTransactionCount({ address: this.account.address, blockTag: "pending" });
  }

  /** Returns the address a contract deployed with the next nonce will get. */
  nextCreateAddress(): Address {
    return getContractAddress({ from: this.account.address, nonce: BigInt(this.nonce) });
  }

  async send(label: string, tx: { to?: Address; data: Hex; value?: bigint }): Promise<Hash> {
    const request = { account: this.account, to: tx.to, data: tx.data, value: tx.value ?? 0n };
    // Generous headroom over the estimate: the mined block may be later than the estimated one, and
    // timestamp-dependent first writes (staking reward slots, pair price accumulators) cost 22 100 gas
    // each. Only gas used is charged; running out of gas would waste a nonce and break the sequence.
    const estimate = await this.pub.estimateGas(request);
    const hash = await this.wallet.sendTransaction({
      ...request,
      to: tx.to ?? null,
      chain: this.chain,
      nonce: this.nonce++,
      gas: estimate * 2n + 100_000n,
    });
    this.pending.push({ label, hash });
    if (this.waitEach) await this.flush();
    return hash;
  }

  async deploy(label: string, abi: Abi, bytecode: Hex, args: readonly unknown[]): Promise<Address> {
    const address = this.nextCreateAddress();
    await this.send(label, { data: encodeDeployData({ abi, bytecode, args }) });
    return address;
  }

  async call(
    label: string,
    to: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
    value?: bigint,
  ) {
    return this.send(label, { to, data: encodeFunctionData({ abi, functionName, args }), value });
  }

  /** Waits for every sent transaction and fails loudly, naming the step, if one reverted. */
  async flush() {
    const batch = this.pending.splice(0);
    const receipts = await Promise.all(
      batch.map((p) =>
        this.pub.waitForTransactionReceipt({ hash: p.hash, pollingInterval: 50, timeout: 120_000 }),
      ),
    );
    receipts.forEach((r, i) => {
      const { label } = batch[i]!;
      if (r.status !== "success")
        throw new Error(`deploy step "${label}" reverted (tx ${r.transactionHash})`);
      this.receipts.set(label, r);
    });
  }
}

/** True when every address of `d` has code on the chain behind `pub`. */
async function isLive(pub: PublicClient, d: Deployment): Promise<boolean> {
  const addresses = [
    ...CONTRACT_KEYS.map((k) => d.contracts[k].address),
    ...PAIR_KEYS.map((k) => d.pairs[k]),
  ];
  const codes = await Promise.all(addresses.map((address) => pub.getCode({ address })));
  return codes.every((c) => c !== undefined && c !== "0x");
}

export async function deployAll(opts: DeployOptions): Promise<Deployment> {
  const log = opts.log ?? (() => {});
  const productName = opts.productName ?? process.env.PRODUCT_NAME ?? "Aurum";
  const nativeSymbol = opts.nativeSymbol ?? process.env.NATIVE_SYMBOL ?? "AURUM";
  const chain = defineChain({
    id: opts.chainId,
    name: `${productName} Testnet`,
    nativeCurrency: { name: productName, symbol: nativeSymbol, decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
  });
  const transport = http(opts.rpcUrl, { retryCount: 0 });
  const pub = createPublicClient({ chain, transport, pollingInterval: 50 }) as PublicClient;
  const account = privateKeyToAccount(opts.privateKey);
  const wallet = createWalletClient({ chain, transport, account });

  const rpcChainId = await pub.getChainId();
  if (rpcChainId !== opts.chainId) {
    throw new Error(`${opts.rpcUrl} is chain ${rpcChainId}, expected ${opts.chainId}`);
  }

  const existing = tryLoadDeployment(opts.chainId, opts.outDir);
  if (existing && (await isLive(pub, existing))) {
    log(`contracts already deployed on chain ${opts.chainId} (${deploymentPath(opts.chainId, opts.outDir)})`);
    return existing;
  }

  const started = Date.now();
  const tx = new Sender(pub, wallet, account, chain, !isLoopback(opts.rpcUrl));
  await tx.init();
  const me = account.address;

  const wrappedNative = await tx.deploy("wrappedNative", wrappedNativeAbi, wrappedNativeBytecode, [
    `Wrapped ${productName}`,
    `W${nativeSymbol}`,
  ]);
  const tUSD = await tx.deploy("tUSD", testTokenAbi, testTokenBytecode, ["Test USD", "tUSD", 6, me]);
  const tETH = await tx.deploy("tETH", testTokenAbi, testTokenBytecode, ["Test Ether", "tETH", 18, me]);
  const factory = await tx.deploy("factory", factoryAbi, factoryBytecode, [me]);
  const router = await tx.deploy("router", routerAbi, routerBytecode, [factory, wrappedNative]);
  const disperse = await tx.deploy("disperse", disperseAbi, disperseBytecode, []);

  const pairTokens = {
    "WAURUM/tUSD": [wrappedNative, tUSD],
    "WAURUM/tETH": [wrappedNative, tETH],
    "tETH/tUSD": [tETH, tUSD],
  } as const satisfies Record<(typeof PAIR_KEYS)[number], readonly [Address, Address]>;
  const initCodeHash = keccak256(pairBytecode);
  const pairs = {} as Record<(typeof PAIR_KEYS)[number], Address>;
  for (const key of PAIR_KEYS) {
    const [a, b] = pairTokens[key];
    await tx.call(`pair ${key}`, factory, factoryAbi, "createPair", [a, b]);
    const [t0, t1] = a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a];
    pairs[key] = getCreate2Address({
      from: factory,
      salt: keccak256(`${t0}${t1.slice(2)}` as Hex),
      bytecodeHash: initCodeHash,
    });
  }

  const stakingWAURUM = await tx.deploy("stakingWAURUM", stakingRewardsAbi, stakingRewardsBytecode, [
    me,
    tUSD,
    wrappedNative,
    REWARDS_DURATION,
  ]);
  const stakingLP = await tx.deploy("stakingLP", stakingRewardsAbi, stakingRewardsBytecode, [
    me,
    tUSD,
    pairs["WAURUM/tUSD"],
    REWARDS_DURATION,
  ]);

  if (opts.seedLocalState) {
    await seed(tx, { me, wrappedNative, tUSD, tETH, router, stakingWAURUM, stakingLP }, opts.faucetAddress);
  }
  await tx.flush();

  // The CREATE2 prediction must agree with the factory, or the file would point at empty addresses.
  for (const key of PAIR_KEYS) {
    const [a, b] = pairTokens[key];
    const onChain = await pub.readContract({
      address: factory,
      abi: factoryAbi,
      functionName: "getPair",
      args: [a, b],
    });
    if (onChain !== pairs[key])
      throw new Error(`pair ${key}: factory says ${onChain}, expected ${pairs[key]}`);
  }

  const addresses: Record<ContractKey, Address> = {
    wrappedNative,
    tUSD,
    tETH,
    factory,
    router,
    disperse,
    stakingWAURUM,
    stakingLP,
  };
  const contracts = Object.fromEntries(
    CONTRACT_KEYS.map((key) => {
      const r = tx.receipts.get(key)!;
      if (r.contractAddress?.toLowerCase() !== addresses[key].toLowerCase()) {
        throw new Error(`${key} deployed at ${r.contractAddress}, expected ${addresses[key]}`);
      }
      return [key, { address: addresses[key], block: Number(r.blockNumber), tx: r.transactionHash }];
    }),
  );
  const deployment = parseDeployment({
    chainId: opts.chainId,
    deployedAt: new Date().toISOString(),
    deployer: me,
    contracts,
    pairs,
  });
  const file = deploymentPath(opts.chainId, opts.outDir);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(deployment, null, 2)}\n`);
  log(
    `deployed ${CONTRACT_KEYS.length} contracts and ${PAIR_KEYS.length} pairs in ${Date.now() - started} ms → ${file}`,
  );
  return deployment;
}

async function seed(
  tx: Sender,
  c: Record<"me" | "wrappedNative" | "tUSD" | "tETH" | "router" | "stakingWAURUM" | "stakingLP", Address>,
  faucet: Address | undefined,
) {
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
  const p = SEED.pools;
  const tUSDNeeded = p["WAURUM/tUSD"].token + p["tETH/tUSD"].tUSD + 2n * SEED.stakingRewards;
  const tETHNeeded = p["WAURUM/tETH"].token + p["tETH/tUSD"].tETH;
  await tx.call("mint tUSD", c.tUSD, testTokenAbi, "mint", [c.me, tUSDNeeded]);
  await tx.call("mint tETH", c.tETH, testTokenAbi, "mint", [c.me, tETHNeeded]);
  await tx.call("approve tUSD", c.tUSD, testTokenAbi, "approve", [c.router, maxUint256]);
  await tx.call("approve tETH", c.tETH, testTokenAbi, "approve", [c.router, maxUint256]);
  await tx.call(
    "liquidity WAURUM/tUSD",
    c.router,
    routerAbi,
    "addLiquidityETH",
    [c.tUSD, p["WAURUM/tUSD"].token, 0n, 0n, c.me, deadline],
    p["WAURUM/tUSD"].native,
  );
  await tx.call(
    "liquidity WAURUM/tETH",
    c.router,
    routerAbi,
    "addLiquidityETH",
    [c.tETH, p["WAURUM/tETH"].token, 0n, 0n, c.me, deadline],
    p["WAURUM/tETH"].native,
  );
  await tx.call("liquidity tETH/tUSD", c.router, routerAbi, "addLiquidity", [
    c.tETH,
    c.tUSD,
    p["tETH/tUSD"].tETH,
    p["tETH/tUSD"].tUSD,
    0n,
    0n,
    c.me,
    deadline,
  ]);
  for (const staking of [c.stakingWAURUM, c.stakingLP]) {
    await tx.call(`approve rewards ${staking}`, c.tUSD, testTokenAbi, "approve", [
      staking,
      SEED.stakingRewards,
    ]);
    await tx.call(`notify rewards ${staking}`, staking, stakingRewardsAbi, "notifyRewardAmount", [
      SEED.stakingRewards,
    ]);
  }
  if (faucet) {
    await tx.send("fund faucet native", { to: faucet, data: "0x", value: SEED.faucet.native });
    await tx.call("fund faucet tUSD", c.tUSD, testTokenAbi, "mint", [faucet, SEED.faucet.tUSD]);
    await tx.call("fund faucet tETH", c.tETH, testTokenAbi, "mint", [faucet, SEED.faucet.tETH]);
  }
}

async function main() {
  const rpcUrl = process.env.TESTNET_RPC_URL ?? "http://127.0.0.1:8545";
  const privateKey = (process.env.DEPLOYER_PRIVATE_KEY ?? ANVIL_KEYS[0]) as Hex;
  if (!/^0x[0-9a-fA-F]{64}$/.test(privateKey)) {
    throw new Error("DEPLOYER_PRIVATE_KEY: a 0x-prefixed 32-byte hex private key");
  }
  const faucetKey = process.env.FAUCET_PRIVATE_KEY ?? ANVIL_KEYS[1];
  if (!/^0x[0-9a-fA-F]{64}$/.test(faucetKey)) {
    throw new Error("FAUCET_PRIVATE_KEY: a 0x-prefixed 32-byte hex private key");
  }
  const faucetAddress = process.env.FAUCET_ADDRESS ?? privateKeyToAccount(faucetKey as Hex).address;
  if (!/^0x[0-9a-fA-F]{40}$/.test(faucetAddress)) {
    throw new Error(
      `FAUCET_ADDRESS: a 0x-prefixed 20-byte hex address (got ${JSON.stringify(faucetAddress)})`,
    );
  }
  const seedEnv = process.env.SEED_LOCAL_STATE;
  const seedLocalState = seedEnv === undefined ? isLoopback(rpcUrl) : seedEnv === "1" || seedEnv === "true";
  const chainId = await createPublicClient({ transport: http(rpcUrl) }).getChainId();
  await deployAll({
    rpcUrl,
    privateKey,
    chainId,
    outDir: process.env.DEPLOYMENTS_DIR ?? "deployments",
    seedLocalState,
    faucetAddress: faucetAddress as Address,
    log: (m) => console.log(m),
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
