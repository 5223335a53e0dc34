import {
  type Abi,
  type Address,
  BaseError,
  type Chain,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  decodeErrorResult,
  defineChain,
  getAddress,
  type Hash,
  type Hex,
  http,
  type PublicClient,
  type TransactionReceipt,
  type WalletClient,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { ANVIL_KEYS, type Anvil, startAnvil } from "../../../scripts/lib/anvil";
import * as generated from "../../../src/chain/generated";
import * as mocks from "../../../src/chain/generated/mocks/index";
import { freePort } from "../../../test/ports";

export const CHAIN_ID = 99199;

/** Every error of every generated contract, so reverts bubbled through other contracts still decode. */
const allErrors = ([...Object.values(generated), ...Object.values(mocks)] as unknown[])
  .filter((v): v is Abi => Array.isArray(v))
  .flat()
  .filter((item) => item.type === "error");

export type Chainish = Awaited<ReturnType<typeof startChain>>;

/** One Anvil per test file, with clients for its ten dev accounts. */
export async function startChain() {
  const anvil: Anvil = await startAnvil({ port: await freePort(), chainId: CHAIN_ID });
  const chain: Chain = defineChain({
    id: CHAIN_ID,
    name: "Aurum Testnet",
    nativeCurrency: { name: "Aurum", symbol: "AURUM", decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  });
  const transport = http(anvil.url, { retryCount: 0 });
  const pub = createPublicClient({ chain, transport, pollingInterval: 20 }) as PublicClient;
  const test = createTestClient({ chain, transport, mode: "anvil" });
  const accounts: PrivateKeyAccount[] = ANVIL_KEYS.map((k) => privateKeyToAccount(k));
  const wallets: WalletClient[] = accounts.map((account) =>
    createWalletClient({ chain, transport, account }),
  );

  async function receipt(hash: Hash): Promise<TransactionReceipt> {
    const r = await pub.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (r.status !== "success") {
      // Say why: the call tracer reports the revert data (decoded against every generated ABI) or gas.
      const trace = (await pub
        .request({ method: "debug_traceTransaction", params: [hash, { tracer: "callTracer" }] } as never)
        .catch(() => null)) as { error?: string; output?: Hex; gas?: Hex; gasUsed?: Hex } | null;
      const reason = trace?.output ? revertNameOfData(trace.output) : undefined;
      throw new Error(
        `tx ${hash} reverted: ${reason ?? trace?.error ?? "unknown"} (gas ${trace?.gasUsed ? BigInt(trace.gasUsed) : "?"} of ${trace?.gas ? BigInt(trace.gas) : "?"})`,
      );
    }
    return r;
  }

  return {
    anvil,
    url: anvil.url,
    chain,
    pub,
    test,
    accounts,
    wallets,
    receipt,
    /** Deploys with account `from` (default 0) and returns the address. */
    async deploy(
      abi: Abi,
      bytecode: Hex,
      args: readonly unknown[] = [],
      from = 0,
      value?: bigint,
    ): Promise<Address> {
      const hash = await wallets[from]!.deployContract({
        abi,
        bytecode,
        args,
        account: accounts[from]!,
        chain,
        value,
      } as never);
      const r = await receipt(hash);
      return getAddress(r.contractAddress!);
    },
    /** Sends a contract call from account `from` and waits for a successful receipt. */
    async write(
      address: Address,
      abi: Abi,
      functionName: string,
      args: readonly unknown[] = [],
      opts: { from?: number; value?: bigint } = {},
    ): Promise<TransactionReceipt> {
      const from = opts.from ?? 0;
      const request = {
        address,
        abi,
        functionName,
        args,
        account: accounts[from]!,
        value: opts.value,
      } as const;
      const gas = withHeadroom(await pub.estimateContractGas(request as never));
      const hash = await wallets[from]!.writeContract({ ...request, chain, gas } as never);
      return receipt(hash);
    },
    read<T = unknown>(
      address: Address,
      abi: Abi,
      functionName: string,
      args: readonly unknown[] = [],
    ): Promise<T> {
      return pub.readContract({ address, abi, functionName, args }) as Promise<T>;
    },
    async now(): Promise<bigint> {
      return (await pub.getBlock()).timestamp;
    },
    /** Mines the next block exactly at `timestamp`. */
    async mineAt(timestamp: bigint) {
      await test.setNextBlockTimestamp({ timestamp });
      await test.mine({ blocks: 1 });
    },
    /** The next transaction will be mined at `timestamp`. */
    async nextAt(timestamp: bigint) {
      await test.setNextBlockTimestamp({ timestamp });
    },
    snapshot: () => test.snapshot(),
    revert: (id: Hex) => test.revert({ id }),
    stop: () => anvil.stop(),
  };
}

/**
 * Gas limit for a call estimated one block earlier. Generous on purpose: when the mined block is a second
 * later than the estimate's pending block, time-dependent first writes appear (a staker's first
 * `rewards` / `userRewardPerTokenPaid` slots, a pair's price accumulators), each 22 100 gas. Only the
 * gas used is charged, so the headroom costs nothing.
 */
export const withHeadroom = (gas: bigint) => gas * 2n + 100_000n;

/** Name of the custom error a failed call reverted with (decoded against every generated ABI). */
export function revertName(err: unknown): string | undefined {
  if (!(err instanceof BaseError)) return undefined;
  const reverted = err.walk(
    (e) => e instanceof ContractFunctionRevertedError,
  ) as ContractFunctionRevertedError | null;
  if (reverted?.data?.errorName) return reverted.data.errorName;
  // Not in the called contract's ABI (bubbled from another contract) or not a contract call: raw data.
  let raw: Hex | undefined = reverted?.raw;
  err.walk((e) => {
    const d = (e as { data?: unknown }).data;
    if (!raw && typeof d === "string" && d.startsWith("0x")) raw = d as Hex;
    return false;
  });
  return raw ? revertNameOfData(raw) : undefined;
}

function revertNameOfData(data: Hex): string | undefined {
  if (data === "0x") return undefined;
  try {
    return decodeErrorResult({ abi: allErrors, data }).errorName;
  } catch {
    return undefined;
  }
}

/** Awaits `p`, expecting it to revert with custom error `name`. */
export async function expectRevert(p: Promise<unknown>, name: string): Promise<void> {
  try {
    await p;
  } catch (err) {
    const got = revertName(err);
    if (got === name) return;
    throw new Error(
      `expected revert ${name}, got ${got ?? "an undecoded error"}: ${(err as Error).message.split("\n")[0]}`,
    );
  }
  throw new Error(`expected revert ${name}, but the call succeeded`);
}
