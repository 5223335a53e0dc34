/**
 * Deploys the testnet contracts with one account and writes deployments/<chainId>.json.
 * Idempotent: when that file exists and every recorded address has code, nothing is sent.
 * On a local chain (`seedLocalState`) it also seeds pools, staking rewards and the faucet account.
 *
 * CLI env: TESTNET_RPC_URL (default http://127.0.0.1:8545), DEPLOYER_PRIVATE_KEY (default Anvil key 0),
 * FAUCET_PRIVATE_KEY (default Anvil key 1, as the server's; the faucet funded when seeding is its
 * address, so the faucet sender can pay claims right after `npm run deploy`), DEPLOYMENTS_DIR,
 * NATIVE_SYMBOL, PRODUCT_NAME, SEED_LOCAL_STATE (default: RPC is loopback).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  getCreate2Address,
  type Hex,
  http,
  keccak256,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
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
import { chainKeysFromEnv } from "../src/server/config";
import { seedLocalChain } from "./lib/seed-chain";
import { Sender } from "./lib/tx-sender";

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

const isLoopback = (rpcUrl: string) =>
  /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(rpcUrl);

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
    await seedLocalChain(
      tx,
      { me, wrappedNative, tUSD, tETH, router, stakingWAURUM, stakingLP },
      opts.faucetAddress,
    );
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

/**
 * The faucet sender's address, from FAUCET_PRIVATE_KEY read as the server reads it
 * (src/server/config.ts `chainKeysFromEnv`: same default, same rule), so `npm run deploy` funds the
 * address the server will send from.
 */
export function faucetAddressFromEnv(env: Record<string, string | undefined>): Address {
  return privateKeyToAccount(chainKeysFromEnv(env).faucetPrivateKey).address;
}

async function main() {
  const rpcUrl = process.env.TESTNET_RPC_URL ?? "http://127.0.0.1:8545";
  const privateKey = chainKeysFromEnv(process.env).deployerPrivateKey;
  const faucetAddress = faucetAddressFromEnv(process.env);
  const seedEnv = process.env.SEED_LOCAL_STATE;
  const seedLocalState = seedEnv === undefined ? isLoopback(rpcUrl) : seedEnv === "1" || seedEnv === "true";
  const chainId = await createPublicClient({ transport: http(rpcUrl) }).getChainId();
  await deployAll({
    rpcUrl,
    privateKey,
    chainId,
    outDir: process.env.DEPLOYMENTS_DIR ?? "deployments",
    seedLocalState,
    faucetAddress,
    log: (m) => console.log(m),
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
