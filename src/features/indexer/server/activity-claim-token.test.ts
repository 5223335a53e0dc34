// An airdrop claim of the round's token (tAIR, deployed by publishing; or any operator-chosen ERC-20)
// was shown in the activity as "Unknown token" / "?" with 18 decimals assumed: the token map came
// from the deployment file only. The distributors now bring their token's symbol and decimals, as
// the airdrop round stores them (airdropDistributors); the database path is in
// activity-round-token.int.test.ts.
import {
  type Abi,
  type Address,
  encodeAbiParameters,
  encodeEventTopics,
  getAddress,
  type Hex,
  parseUnits,
} from "viem";
import { describe, expect, it } from "vitest";
import { merkleDistributorAbi } from "@/chain/generated";
import type { ChainEventRow } from "@/db/schema";
import { deriveActivity } from "./activity";
import { watchListFromDeployment } from "./contracts";
import { decodeLog } from "./decode";
import { fakeDeployment } from "./fixtures";

const d = fakeDeployment();
const distributor = getAddress("0x00000000000000000000000000000000000000d1");
const tAIR = getAddress("0x00000000000000000000000000000000000000a1");
const usd6 = getAddress("0x00000000000000000000000000000000000000a6");
const distributor6 = getAddress("0x00000000000000000000000000000000000000d6");
// The distributors with their tokens, as airdropDistributors lists them (symbol and decimals).
const watch = watchListFromDeployment(d, {
  nativeSymbol: "AURUM",
  nativeName: "Aurum",
  distributors: [
    { address: distributor, token: tAIR, block: 1, symbol: "tAIR", decimals: 18 },
    { address: distributor6, token: usd6, block: 1, symbol: "pUSD", decimals: 6 },
  ],
});
const me = getAddress("0x00000000000000000000000000000000000000aa");
const TX = `0x${"cd".repeat(32)}` as Hex;

function claimRow(amount: bigint, contract: Address = distributor): ChainEventRow {
  const abi = merkleDistributorAbi as Abi;
  const event = abi.find((x) => x.type === "event" && x.name === "Claimed") as Extract<
    Abi[number],
    { type: "event" }
  >;
  const args = { index: 3n, account: me, amount } as Record<string, unknown>;
  const unindexed = event.inputs.filter((i) => !i.indexed);
  const row = decodeLog(
    {
      address: contract,
      topics: encodeEventTopics({ abi: [event], eventName: "Claimed", args } as never) as Hex[],
      data: encodeAbiParameters(
        unindexed,
        unindexed.map((i) => args[i.name!]),
      ),
      blockNumber: 42n,
      blockHash: `0x${"ab".repeat(32)}`,
      transactionHash: TX,
      transactionIndex: 0,
      logIndex: 0,
    },
    { from: me, to: contract, index: 0, blockTime: new Date("2026-03-01T12:00:00Z") },
    watch,
  );
  if (!row) throw new Error("claim not decoded");
  return { id: 1, ...row } as ChainEventRow;
}

describe("airdrop claim of the round's own token in the activity", () => {
  it("names the claimed token instead of 'Unknown token' / '?'", () => {
    const a = deriveActivity([claimRow(parseUnits("100", 18))], me, {
      watch,
      chainId: 99199,
      explorerUrl: "https://x.test/explorer",
    });
    expect(a?.kind).toBe("claim");
    const t = a!.transfers[0]!;
    expect(t.symbol).not.toBe("?");
    expect(t.name).not.toBe("Unknown token");
    expect(t).toMatchObject({ symbol: "tAIR", name: "tAIR", quantity: { decimals: "18" } });
  });

  it("uses the round's decimals, not 18 guessed", () => {
    const a = deriveActivity([claimRow(parseUnits("100", 6), distributor6)], me, {
      watch,
      chainId: 99199,
      explorerUrl: "https://x.test/explorer",
    });
    expect(a?.transfers[0]).toMatchObject({
      symbol: "pUSD",
      quantity: { decimals: "6", numeric: parseUnits("100", 6).toString() },
    });
  });
});
