import { describe, expect, it, vi } from "vitest";
import { addEthereumChainParams, addTestnetToWallet, walletErrorMessage } from "./add-chain";

const settings = {
  chainId: 99199,
  chainName: "Aurum Testnet",
  nativeCurrencyName: "Aurum",
  nativeSymbol: "AURUM",
  rpcUrl: "https://rpc.example",
  explorerUrl: "https://explorer.example",
};

describe("addTestnetToWallet", () => {
  it("adds the chain with EIP-3085 fields, then switches to it", async () => {
    const request = vi.fn().mockResolvedValue(null);
    await addTestnetToWallet(request, settings);
    expect(request.mock.calls).toEqual([
      [
        {
          method: "wallet_addEthereumChain",
          params: [
            {
              chainId: "0x1837f",
              chainName: "Aurum Testnet",
              nativeCurrency: { name: "Aurum", symbol: "AURUM", decimals: 18 },
              rpcUrls: ["https://rpc.example"],
              blockExplorerUrls: ["https://explorer.example"],
            },
          ],
        },
      ],
      [{ method: "wallet_switchEthereumChain", params: [{ chainId: "0x1837f" }] }],
    ]);
  });

  it("does not switch when adding was rejected", async () => {
    const request = vi.fn().mockRejectedValueOnce(Object.assign(new Error("User rejected"), { code: 4001 }));
    await expect(addTestnetToWallet(request, settings)).rejects.toThrow("User rejected");
    expect(request).toHaveBeenCalledTimes(1);
  });

  it("builds params from settings", () => {
    expect(addEthereumChainParams({ ...settings, chainId: 56 }).chainId).toBe("0x38");
  });
});

describe("walletErrorMessage", () => {
  it("maps 4001 to a human message, also when nested", () => {
    expect(walletErrorMessage({ code: 4001, message: "User rejected the request." })).toBe(
      "Request rejected in your wallet",
    );
    expect(walletErrorMessage({ cause: { cause: { code: 4001 } } })).toBe("Request rejected in your wallet");
  });
  it("prefers viem's short message, then the message, then a default", () => {
    expect(walletErrorMessage({ shortMessage: "Chain not configured." })).toBe("Chain not configured.");
    expect(walletErrorMessage(new Error("boom"))).toBe("boom");
    expect(walletErrorMessage(undefined)).toBe("Could not add the network to your wallet");
  });
});
