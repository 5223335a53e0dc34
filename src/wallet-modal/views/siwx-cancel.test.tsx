// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { injected } from "wagmi";
import { ACCOUNT, renderWithWallet } from "../../../test/render";
import { SIWXSignMessageView } from "./SIWXSignMessage";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn(), push: vi.fn() }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("SIWXSignMessageView cancel", () => {
  // Cancel is the documented way out while a request is pending ("it drops the request, and a
  // signature that arrives later signs nobody in"). Cancelled while the nonce is on its way, the
  // view still goes on to ask the wallet for a personal_sign: a prompt after the user left.
  it("asks the wallet for no signature once Cancel was pressed during the nonce fetch", async () => {
    const walletCalls: string[] = [];
    const provider = {
      request: vi.fn(async ({ method }: { method: string }) => {
        walletCalls.push(method);
        if (method === "eth_requestAccounts" || method === "eth_accounts") return [ACCOUNT];
        if (method === "eth_chainId") return "0x1837f";
        if (method === "personal_sign") return `0x${"ab".repeat(65)}`;
        // wallet_revokePermissions and the rest: not supported by this wallet.
        throw Object.assign(new Error("Method not supported"), { code: 4200 });
      }),
      on: vi.fn(),
      removeListener: vi.fn(),
    };
    let giveNonce: () => void = () => {};
    let nonceSignal: AbortSignal | null | undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), "http://localhost").pathname;
        if (path === "/api/auth/nonce")
          return new Promise<Response>((resolve) => {
            nonceSignal = init?.signal;
            giveNonce = () => resolve(Response.json({ nonce: "abcdefgh12345678" }));
          });
        return Response.json({ address: ACCOUNT });
      }),
    );
    const wallet = injected({ target: { id: "test", name: "Test Wallet", provider: provider as never } });
    const h = await renderWithWallet(<SIWXSignMessageView />, { connected: true, connectors: [wallet] });
    h.store.openAt({ view: "SIWXSignMessage" });
    fireEvent.click(await screen.findByRole("button", { name: "Sign" }));
    await screen.findByRole("button", { name: "Authenticating..." });

    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(h.store.getState().isOpen).toBe(false));
    expect(nonceSignal?.aborted, "the nonce request is left running").toBe(true);
    // A fetch that ignores the abort (as this stub does) must still lead to no prompt.
    giveNonce();
    await new Promise((r) => setTimeout(r, 200));

    expect(walletCalls, `a signature was requested after Cancel: ${walletCalls.join(",")}`).not.toContain(
      "personal_sign",
    );
  });
});
