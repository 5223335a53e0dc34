import type { Address, Client, Hash, TransactionReceipt } from "viem";
import { call, getTransaction } from "viem/actions";
import { describeWalletError } from "./wallet-errors";

/**
 * Why a mined transaction reverted, in the user's words. A transaction that used (nearly) its whole
 * gas limit ran out of gas: a limit from an estimate on an older state (ARCHITECTURE.md, "Web3
 * layer"; src/chain/gas-margin.ts), and its revert carries no data, so replaying it says nothing.
 * Otherwise the call is replayed at its block and the revert decoded like any other.
 */
export async function explainRevertedReceipt(
  client: Client,
  receipt: Pick<TransactionReceipt, "transactionHash" | "blockNumber" | "gasUsed">,
  label: string,
  account: Address,
): Promise<string> {
  const failed = `${label} failed on chain`;
  try {
    const tx = await getTransaction(client, { hash: receipt.transactionHash as Hash });
    // A subcall that runs out of gas keeps 1/64 of the gas for its caller, which then reverts.
    if (receipt.gasUsed * 64n >= tx.gas * 63n) return outOfGasMessage(label);
    await call(client, {
      account: tx.from,
      to: tx.to,
      data: tx.input,
      value: tx.value,
      gas: tx.gas,
      blockNumber: receipt.blockNumber,
    });
    return failed;
  } catch (err) {
    const info = describeWalletError(err, { account });
    return info.kind === "revert" ? `${failed}: ${info.message}` : failed;
  }
}

export const outOfGasMessage = (label: string) =>
  `${label} ran out of gas on chain and was reverted: nothing changed except the network fee. Try again`;
