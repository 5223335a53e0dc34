import { createClient, custom, encodeErrorResult, type Hash, numberToHex } from "viem";
import { describe, expect, it } from "vitest";
import { stakingRewardsAbi } from "@/chain/generated";
import { explainRevertedReceipt, outOfGasMessage } from "./receipt-failure";

const HASH = `0x${"11".repeat(32)}` as Hash;
const ME = "0x00000000000000000000000000000000000000aa";

/** A node that knows one transaction (gas limit 100,000) and answers its replay with `replay`. */
function node(replay: { error: { code: number; message: string; data?: string } } | { result: string }) {
  return createClient({
    transport: custom(
      {
        async request({ method }: { method: string }) {
          if (method === "eth_getTransactionByHash")
            return {
              hash: HASH,
              from: ME,
              to: "0x00000000000000000000000000000000000000bb",
              input: "0xe9fad8ee",
              gas: numberToHex(100_000),
              value: "0x0",
              nonce: "0x1",
              type: "0x2",
              maxFeePerGas: "0x1",
              maxPriorityFeePerGas: "0x1",
              blockNumber: "0x3c",
              blockHash: `0x${"22".repeat(32)}`,
              transactionIndex: "0x0",
              chainId: "0x1837f",
              v: "0x0",
              r: "0x1",
              s: "0x1",
            };
          if (method === "eth_call") {
            if ("error" in replay) throw Object.assign(new Error(replay.error.message), replay.error);
            return replay.result;
          }
          throw new Error(`unexpected ${method}`);
        },
      },
      { retryCount: 0 },
    ),
  });
}

const receipt = (gasUsed: bigint) => ({ transactionHash: HASH, blockNumber: 60n, gasUsed });

describe("explainRevertedReceipt", () => {
  it("a transaction that used its whole gas limit ran out of gas (its replay says nothing)", async () => {
    const client = node({ error: { code: 3, message: "execution reverted", data: "0x" } });
    expect(await explainRevertedReceipt(client, receipt(99_990n), "Exit", ME)).toBe(outOfGasMessage("Exit"));
  });

  it("otherwise the replay's revert is decoded", async () => {
    const data = encodeErrorResult({ abi: stakingRewardsAbi, errorName: "ZeroAmount" });
    const client = node({ error: { code: 3, message: "execution reverted: custom error", data } });
    expect(await explainRevertedReceipt(client, receipt(30_000n), "Exit", ME)).toBe(
      "Exit failed on chain: Amount must be greater than 0",
    );
  });

  it("says only that it failed when the replay succeeds or the node cannot tell", async () => {
    expect(await explainRevertedReceipt(node({ result: "0x" }), receipt(30_000n), "Exit", ME)).toBe(
      "Exit failed on chain",
    );
  });
});
