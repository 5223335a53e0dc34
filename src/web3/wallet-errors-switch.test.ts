// @vitest-environment happy-dom
import { defineChain, http } from "viem";
import { describe, expect, it } from "vitest";
import { createConfig } from "wagmi";
import { connect, switchChain } from "wagmi/actions";
import { injected } from "wagmi/connectors";
import { switchChainErrorMessage, walletErrorMessages } from "./wallet-errors";

// What a failed switch to the testnet reads as, with the errors made by wagmi itself: its real
// injected connector and switchChain action drive a fake EIP-1193 wallet. On an unknown chain (4902)
// wagmi asks the wallet to add it, and wraps ANY failure of that in a UserRejectedRequestError.

const home = defineChain({
  id: 1,
  name: "Home",
  nativeCurrency: { name: "E", symbol: "E", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1:1"] } },
});
const testnet = defineChain({
  id: 99199,
  name: "Aurum Testnet",
  nativeCurrency: { name: "Aurum", symbol: "AURUM", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } },
});

/** An EIP-1193 provider error as wallets throw it: an Error with a numeric code. */
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

type Wallet = {
  /** What wallet_switchEthereumChain does when the wallet knows the testnet. */
  switch?: () => unknown;
  /** What wallet_addEthereumChain does; a value (not a throw) means added. */
  add: () => unknown;
  /** After an accepted add, does the wallet also switch to it (MetaMask asks separately)? */
  switchesAfterAdd?: boolean;
  knowsTestnet?: boolean;
};

async function switchError(wallet: Wallet): Promise<unknown> {
  let chainId: number = home.id;
  let knows = wallet.knowsTestnet ?? false;
  const provider = {
    on: () => {},
    removeListener: () => {},
    request: async ({ method }: { method: string }) => {
      switch (method) {
        case "eth_requestAccounts":
        case "eth_accounts":
          return ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8"];
        case "eth_chainId":
          return `0x${chainId.toString(16)}`;
        case "wallet_switchEthereumChain":
          if (!knows) throw rpcError(4902, 'Unrecognized chain ID "0x1837f". Try adding the chain first.');
          wallet.switch?.();
          chainId = testnet.id;
          return null;
        case "wallet_addEthereumChain":
          wallet.add();
          knows = true;
          if (wallet.switchesAfterAdd ?? true) chainId = testnet.id;
          return null;
        default:
          throw rpcError(4200, `${method} is not supported`);
      }
    },
  };
  const config = createConfig({
    chains: [home, testnet],
    connectors: [injected({ target: { id: "fake", name: "Fake Wallet", provider: provider as never } })],
    transports: { [home.id]: http(), [testnet.id]: http() },
  });
  const connector = config.connectors[0];
  if (!connector) throw new Error("no connector");
  await connect(config, { connector });
  try {
    await switchChain(config, { chainId: testnet.id });
  } catch (err) {
    return err;
  }
  throw new Error("the switch did not fail");
}

const fail = (code: number, message: string) => () => {
  throw rpcError(code, message);
};

describe("switchChainErrorMessage on wagmi's own errors", () => {
  it("says the wallet could not add the testnet, and where its details are, when the add fails", async () => {
    const cases: Wallet[] = [
      { add: fail(-32601, 'The method "wallet_addEthereumChain" does not exist / is not available.') },
      { add: fail(4200, "Unsupported method: wallet_addEthereumChain") },
      { add: fail(-32602, "rpcUrls: must use https") },
      { add: fail(-32603, "Chain ID returned by RPC URL does not match the submitted chain ID") },
    ];
    for (const wallet of cases) {
      const err = await switchError(wallet);
      // What made this read as a decline before: wagmi's wrapper is a 4001.
      expect(err).toMatchObject({ name: "UserRejectedRequestError", code: 4001 });
      expect(switchChainErrorMessage(err)).toBe(walletErrorMessages.addChainFailed);
    }
    expect(walletErrorMessages.addChainFailed).toMatch(/by hand.*“Network details” on the Testnet page/);
  });

  it("a wallet that throws a bare object (no Error) for the add is read the same way", async () => {
    const err = await switchError({
      add: () => {
        throw { code: -32601, message: "Method not found" };
      },
    });
    expect(switchChainErrorMessage(err)).toBe(walletErrorMessages.addChainFailed);
  });

  it("still says the user declined when they declined the add, or the switch after it", async () => {
    const declinedAdd = await switchError({ add: fail(4001, "User rejected the request.") });
    expect(switchChainErrorMessage(declinedAdd)).toBe(walletErrorMessages.switchDeclined);
    // Added, then the switch prompt dismissed: wagmi throws its own "User rejected switch after adding network."
    const declinedSwitchAfterAdd = await switchError({ add: () => null, switchesAfterAdd: false });
    expect(switchChainErrorMessage(declinedSwitchAfterAdd)).toBe(walletErrorMessages.switchDeclined);
  });

  it("a declined switch on a known chain is a decline; another switch failure says the switch failed", async () => {
    const declined = await switchError({
      knowsTestnet: true,
      switch: fail(4001, "User rejected the request."),
      add: () => null,
    });
    expect(switchChainErrorMessage(declined)).toBe(walletErrorMessages.switchDeclined);
    const broken = await switchError({
      knowsTestnet: true,
      switch: fail(-32603, "Internal JSON-RPC error."),
      add: () => null,
    });
    expect(broken).toMatchObject({ name: "SwitchChainError" });
    expect(switchChainErrorMessage(broken)).toBe(walletErrorMessages.switchFailed);
  });
});
