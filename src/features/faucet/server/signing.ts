import { encodeFunctionData, type Hex, keccak256, parseTransaction } from "viem";
import { disperseAbi, testTokenAbi } from "@/chain/generated";
import type { FaucetTxRow } from "@/db/schema";
import type { FaucetAsset } from "../schema";
import { type BatchPlan, gasLimitFor } from "./batching";
import type { FaucetChain } from "./chain";
import type { NonceManager } from "./nonce";

// Signing (split out of sender.ts): one Disperse call per asset, tokens after an approve of exactly
// the batch's sum, each signed with the next locally managed nonce; and fee-bumped re-signatures of
// a recorded transaction. Nothing is sent from here.

export type Kind = FaucetTxRow["kind"];
export type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

export type SignedTx = {
  kind: Kind;
  asset: FaucetAsset;
  nonce: number;
  hash: Hex;
  raw: Hex;
  /** Payments this transaction carries (Disperse calls only). */
  claimIds: string[];
};

/** The fees a transaction signed now gets, before the cap (./fees.ts). */
export async function feesFor(fc: FaucetChain): Promise<Fees> {
  const f = await fc.client.estimateFeesPerGas();
  // Headroom so a recorded transaction stays mineable when the base fee rises without waiting for a
  // fee bump (a bump takes FAUCET_FEE_BUMP_AFTER_SECONDS and holds up every claim behind it).
  return { maxFeePerGas: f.maxFeePerGas * 2n, maxPriorityFeePerGas: f.maxPriorityFeePerGas };
}

function parseOwn(raw: Hex) {
  const tx = parseTransaction(raw);
  // signBatch signs nothing else; a legacy transaction would need other replacement rules.
  if (tx.type !== "eip1559") throw new Error(`faucet transaction of type ${tx.type}: cannot re-sign it`);
  return tx;
}

/** The fees a recorded transaction was signed with. */
export function feesOf(raw: Hex): Fees {
  const tx = parseOwn(raw);
  return { maxFeePerGas: tx.maxFeePerGas ?? 0n, maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? 0n };
}

/**
 * The recorded transaction `raw` signed again with `fees` and nothing else changed: same chain,
 * nonce, recipient contract, calldata (recipients and amounts), value and gas limit. Taken from the
 * recorded bytes rather than rebuilt from the payments, so a replacement cannot pay anything else.
 */
export async function signReplacement(
  fc: FaucetChain,
  raw: Hex,
  fees: Fees,
): Promise<{ raw: Hex; hash: Hex }> {
  const tx = parseOwn(raw);
  const signed = await fc.account.signTransaction!({
    type: "eip1559",
    chainId: tx.chainId ?? fc.chainId,
    nonce: tx.nonce ?? 0,
    to: tx.to ?? null,
    data: tx.data ?? "0x",
    value: tx.value ?? 0n,
    gas: tx.gas,
    accessList: tx.accessList ?? [],
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
  });
  return { raw: signed, hash: keccak256(signed) };
}

export async function signBatch(
  fc: FaucetChain,
  nonceManager: NonceManager,
  plan: BatchPlan,
  fees: Fees,
): Promise<SignedTx[]> {
  const calls: {
    kind: Kind;
    asset: FaucetAsset;
    to: `0x${string}`;
    data: Hex;
    value: bigint;
    gas: bigint;
    claimIds: string[];
  }[] = [];
  for (const g of plan.groups) {
    if (g.asset === "native") {
      calls.push({
        kind: "disperse_native",
        asset: g.asset,
        to: fc.disperse,
        data: encodeFunctionData({
          abi: disperseAbi,
          functionName: "disperseNative",
          args: [g.recipients, g.values],
        }),
        value: g.total,
        gas: gasLimitFor("disperse_native", g.recipients.length),
        claimIds: g.claimIds,
      });
    } else {
      const token = fc.tokens[g.asset];
      // Exactly the batch's sum, never unlimited: approve() sets (not adds), so leftovers of a
      // previous batch are overwritten.
      calls.push({
        kind: "approve",
        asset: g.asset,
        to: token,
        data: encodeFunctionData({
          abi: testTokenAbi,
          functionName: "approve",
          args: [fc.disperse, g.total],
        }),
        value: 0n,
        gas: gasLimitFor("approve", 0),
        claimIds: [],
      });
      calls.push({
        kind: "disperse_token",
        asset: g.asset,
        to: fc.disperse,
        data: encodeFunctionData({
          abi: disperseAbi,
          functionName: "disperseToken",
          args: [token, g.recipients, g.values],
        }),
        value: 0n,
        gas: gasLimitFor("disperse_token", g.recipients.length),
        claimIds: g.claimIds,
      });
    }
  }
  const nonces = nonceManager.take(calls.length);
  return Promise.all(
    calls.map(async (c, i) => {
      const nonce = nonces[i]!;
      const raw = await fc.account.signTransaction!({
        type: "eip1559",
        chainId: fc.chainId,
        nonce,
        to: c.to,
        data: c.data,
        value: c.value,
        gas: c.gas,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      return { kind: c.kind, asset: c.asset, nonce, raw, hash: keccak256(raw), claimIds: c.claimIds };
    }),
  );
}
