import { expect, test } from "@playwright/test";
import { ANVIL_KEYS } from "../../scripts/lib/anvil";
import { gotoApp } from "../fixtures";
import { TestWallet } from "./wallet";

/** The test wallet itself: what the other specs rely on it to do and to refuse. */
test.describe("test wallet", () => {
  type Reply = { ok: true; result: unknown } | { ok: false; code: number; message: string };

  const call = (page: import("@playwright/test").Page, method: string, params: unknown[] = []) =>
    page.evaluate(
      async ([m, p]) => {
        const provider = await new Promise<{ request(a: unknown): Promise<unknown> }>((resolve) => {
          window.addEventListener("eip6963:announceProvider", (e) => {
            const d = (e as CustomEvent).detail;
            if (d.info.rdns === "dev.aurum.testwallet") resolve(d.provider);
          });
          window.dispatchEvent(new Event("eip6963:requestProvider"));
        });
        try {
          return { ok: true, result: await provider.request({ method: m, params: p }) } as const;
        } catch (err) {
          const e = err as { code: number; message: string };
          return { ok: false, code: e.code, message: e.message } as const;
        }
      },
      [method, params] as const,
    ) as Promise<Reply>;

  test("announces itself, signs with personal_sign, refuses eth_sign, sends real transactions", async ({
    page,
  }) => {
    const wallet = await new TestWallet({ privateKey: ANVIL_KEYS[9] }).install(page);
    await gotoApp(page, "/");

    expect(await call(page, "eth_accounts")).toEqual({ ok: true, result: [] });
    expect(await call(page, "personal_sign", ["0x68656c6c6f", wallet.address])).toMatchObject({
      ok: false,
      code: 4100,
    });
    expect(await call(page, "eth_requestAccounts")).toEqual({ ok: true, result: [wallet.address] });
    expect(await call(page, "eth_chainId")).toEqual({ ok: true, result: "0x1837f" });

    const signed = await call(page, "personal_sign", ["0x68656c6c6f", wallet.address]);
    expect(signed.ok && (await wallet.account.signMessage({ message: "hello" })) === signed.result).toBe(
      true,
    );

    expect(await call(page, "eth_sign", [wallet.address, `0x${"11".repeat(32)}`])).toMatchObject({
      ok: false,
      code: 4200,
    });

    // Reads go to Anvil; a transaction is signed on the Node side and mined by Anvil.
    const sent = await call(page, "eth_sendTransaction", [
      { from: wallet.address, to: "0x000000000000000000000000000000000000dEaD", value: "0x1" },
    ]);
    expect(sent.ok).toBe(true);
    // Anvil mines on its own schedule after accepting the transaction (automine is asynchronous; a
    // read right away can find no receipt yet), so wait for it as a dapp would.
    await expect
      .poll(() => call(page, "eth_getTransactionReceipt", [(sent as { result: string }).result]), {
        timeout: 15_000,
      })
      .toMatchObject({ ok: true, result: { status: "0x1" } });

    // Unknown chains answer 4902 until added; adding switches, like MetaMask.
    expect(await call(page, "wallet_switchEthereumChain", [{ chainId: "0x7a69" }])).toMatchObject({
      code: 4902,
    });
    await call(page, "wallet_addEthereumChain", [
      {
        chainId: "0x7a69",
        chainName: "Other",
        nativeCurrency: { name: "X", symbol: "X", decimals: 18 },
        rpcUrls: ["http://127.0.0.1:1"],
      },
    ]);
    expect(await call(page, "eth_chainId")).toEqual({ ok: true, result: "0x7a69" });

    expect(wallet.methods()).toContain("eth_sign");
    expect(wallet.methods()).toContain("eth_sendTransaction");
  });

  test("rejectSignatures answers 4001", async ({ page }) => {
    const wallet = await new TestWallet({ privateKey: ANVIL_KEYS[8], rejectSignatures: true }).install(page);
    await gotoApp(page, "/");
    await call(page, "eth_requestAccounts");
    expect(await call(page, "personal_sign", ["0x00", wallet.address])).toMatchObject({
      ok: false,
      code: 4001,
    });
  });
});
