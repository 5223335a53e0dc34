import { describe, expect, it } from "vitest";
import { testnetChain } from "@/chain/networks";
import { type RequestFn, switchOrAddChain } from "./switch-chain";
import { isUserRejection } from "./user-rejection";

const chain = testnetChain({
  productName: "Aurum",
  nativeCurrencyName: "Aurum",
  nativeSymbol: "AURUM",
  chainId: 99199,
  rpcUrl: "http://127.0.0.1:8545",
  explorerUrl: "http://localhost:3000/explorer",
});

/** A wallet that knows the chains in `known` and answers a switch to another with `unknownChain()`. */
function fakeWallet(
  known: Set<number>,
  unknownChain = () => Object.assign(new Error("Unrecognized chain"), { code: 4902 }),
) {
  const calls: { method: string; params?: unknown[] }[] = [];
  const request: RequestFn = async (args) => {
    calls.push(args);
    const p = args.params?.[0] as { chainId: `0x${string}` };
    const id = Number(p.chainId);
    if (args.method === "wallet_switchEthereumChain" && !known.has(id)) throw unknownChain();
    if (args.method === "wallet_addEthereumChain") known.add(id);
    return null;
  };
  return { calls, request };
}

const ADDED_THEN_SWITCHED = [
  "wallet_switchEthereumChain",
  "wallet_addEthereumChain",
  "wallet_switchEthereumChain",
];

describe("switchOrAddChain", () => {
  it("only switches when the wallet knows the chain", async () => {
    const w = fakeWallet(new Set([99199]));
    await switchOrAddChain(w.request, chain);
    expect(w.calls.map((c) => c.method)).toEqual(["wallet_switchEthereumChain"]);
    expect(w.calls[0]!.params).toEqual([{ chainId: "0x1837f" }]);
  });

  it("adds the chain with name, currency, RPC and explorer on 4902, then switches", async () => {
    const w = fakeWallet(new Set([1]));
    await switchOrAddChain(w.request, chain);
    expect(w.calls.map((c) => c.method)).toEqual([
      "wallet_switchEthereumChain",
      "wallet_addEthereumChain",
      "wallet_switchEthereumChain",
    ]);
    expect(w.calls[1]!.params).toEqual([
      {
        chainId: "0x1837f",
        chainName: "Aurum Testnet",
        nativeCurrency: { name: "Aurum", symbol: "AURUM", decimals: 18 },
        rpcUrls: ["http://127.0.0.1:8545"],
        blockExplorerUrls: ["http://localhost:3000/explorer"],
      },
    ]);
  });

  it("passes a rejection through untouched", async () => {
    const request: RequestFn = async () => {
      throw Object.assign(new Error("User rejected"), { code: 4001 });
    };
    const err = await switchOrAddChain(request, chain).catch((e) => e);
    expect(isUserRejection(err)).toBe(true);
  });

  // MetaMask Mobile answers an unknown chain with -32603 and the real 4902 under data.originalError
  // (metamask-mobile#2944; wagmi's injected connector unwraps it the same way).
  it("adds the chain when MetaMask Mobile wraps 4902 under data.originalError", async () => {
    const w = fakeWallet(new Set([1]), () =>
      Object.assign(new Error('Unrecognized chain ID "0x1837f".'), {
        code: -32603,
        data: { originalError: { code: 4902, message: "Unrecognized chain ID" } },
      }),
    );
    await switchOrAddChain(w.request, chain);
    expect(w.calls.map((c) => c.method)).toEqual(ADDED_THEN_SWITCHED);
  });

  it("adds the chain when the 4902 is down viem's cause chain under another code", async () => {
    const w = fakeWallet(new Set([1]), () => {
      const inner = Object.assign(new Error("Unrecognized chain"), { code: 4902 });
      return Object.assign(new Error("Internal error"), { code: -32603, cause: inner });
    });
    await switchOrAddChain(w.request, chain);
    expect(w.calls.map((c) => c.method)).toEqual(ADDED_THEN_SWITCHED);
  });

  it("does not add the chain for another error, and passes it through", async () => {
    const methods: string[] = [];
    const request: RequestFn = async (args) => {
      methods.push(args.method);
      throw Object.assign(new Error("Internal error"), {
        code: -32603,
        data: { originalError: { code: -1 } },
      });
    };
    const err = await switchOrAddChain(request, chain).catch((e) => e);
    expect((err as { code: number }).code).toBe(-32603);
    expect(methods).toEqual(["wallet_switchEthereumChain"]);
  });
});
