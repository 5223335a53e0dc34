import {
  type Abi,
  type Address,
  type Chain,
  type createWalletClient,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hash,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import type { PrivateKeyAccount } from "viem/accounts";

/**
 * Sends transactions with locally tracked nonces. On a local automining chain it does not wait for
 * each receipt (Anvil has mined the transaction before it answers); elsewhere it waits for each one,
 * because later transactions' gas estimates depend on earlier ones.
 */
export class Sender {
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
