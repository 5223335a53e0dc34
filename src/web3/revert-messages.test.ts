import { type AbiParameter, BaseError, encodeErrorResult, type Hex, padHex, parseAbi } from "viem";
import { describe, expect, it } from "vitest";
import { contractErrorsAbi } from "@/chain/generated";
import { decodeRevert, revertMessages, revertSentence } from "./revert-messages";
import { describeWalletError, walletErrorMessage } from "./wallet-errors";

const ME = "0x00000000000000000000000000000000000000aa";
const POOL = "0x00000000000000000000000000000000000000bb";

const sample = (p: AbiParameter): unknown => {
  if (p.type === "address") return ME;
  if (p.type.startsWith("uint") || p.type.startsWith("int")) return 1n;
  if (p.type === "bytes32") return padHex("0x01", { size: 32 });
  if (p.type === "string") return "x";
  throw new Error(`no sample for ${p.type}`);
};

const encode = (errorName: string, args: unknown[]) =>
  // biome-ignore lint/suspicious/noExplicitAny: every error of the generated ABI, by name
  encodeErrorResult({ abi: contractErrorsAbi, errorName, args } as any);

describe("revert sentences", () => {
  it("every custom error our contracts can raise decodes to its own sentence, none to the fallback", () => {
    expect(contractErrorsAbi.length).toBeGreaterThan(40);
    for (const item of contractErrorsAbi) {
      const data = encode(item.name, item.inputs.map(sample));
      const decoded = decodeRevert(data);
      expect(decoded?.errorName).toBe(item.name);
      const sentence = revertSentence(decoded!, { account: ME });
      expect(sentence, item.name).not.toMatch(/would fail \(|unknown reason/);
    }
  });

  it("an ERC-20 shortfall is the user's own balance, or the contract's when it is the sender", () => {
    const shortfall = (sender: string) => encode("ERC20InsufficientBalance", [sender, 1n, 2n]);
    expect(revertSentence(decodeRevert(shortfall(ME))!, { account: ME })).toBe("Insufficient token balance");
    expect(revertSentence(decodeRevert(shortfall(POOL))!, { account: ME })).toBe(
      "The contract does not hold enough tokens to pay this out",
    );
  });

  it("decodes Solidity's panics and reason strings", () => {
    const panic = encodeErrorResult({ abi: parseAbi(["error Panic(uint256)"]), args: [0x11n] });
    expect(revertSentence(decodeRevert(panic)!)).toBe(
      "The contract stopped this transaction: an arithmetic overflow or underflow",
    );
    const reason = encodeErrorResult({ abi: parseAbi(["error Error(string)"]), args: ["Paused"] });
    expect(revertSentence(decodeRevert(reason)!)).toBe("The transaction would fail: Paused");
    expect(decodeRevert("0x12345678")).toBeUndefined();
  });
});

describe("reverts the way wallets and nodes report them", () => {
  const rpc = (data: Hex | undefined, message: string) =>
    new BaseError("Execution reverted", {
      cause: { name: "RpcRequestError", code: 3, details: message, message, data } as unknown as Error,
    });

  it("a revert with no data says so instead of 'for an unknown reason'", () => {
    expect(walletErrorMessage(rpc("0x", "execution reverted"))).toBe(revertMessages.noReason);
    // What the test wallet passed on before: viem's text only.
    const text = new Error("Execution reverted for an unknown reason.\n\nRequest Arguments: …");
    expect(describeWalletError(text)).toEqual({ kind: "revert", message: revertMessages.noReason });
  });

  it("a wallet that keeps only the node's message still gets the custom error decoded", () => {
    // Anvil's text for the router's Expired(), as a wallet that drops `data` passes it on.
    const err = new Error("Execution reverted with reason: custom error 0x203d82d8.");
    expect(describeWalletError(err)).toMatchObject({ errorName: "Expired", message: revertMessages.expired });
    const withArgs = encode("InsufficientBalance", [7n, 6n]);
    const anvil = new Error(
      `execution reverted: custom error ${withArgs.slice(0, 10)}: ${withArgs.slice(10)}`,
    );
    expect(walletErrorMessage(anvil)).toBe("You cannot unstake more than you have staked");
  });

  it("a reason string after 'execution reverted' is kept", () => {
    expect(walletErrorMessage(rpc(undefined, "execution reverted: Paused"))).toBe(
      "The transaction would fail: paused",
    );
  });
});
