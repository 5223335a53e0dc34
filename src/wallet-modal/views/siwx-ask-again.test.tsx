// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { injected } from "wagmi";
import { ACCOUNT, renderWithWallet } from "../../../test/render";
import { SIWXSignMessageView } from "./SIWXSignMessage";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn(), push: vi.fn() }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

type Prompt = { message: string; answer: (sig: string) => void; reject: (err: unknown) => void };

/**
 * A wallet that keeps every personal_sign open until the test answers it, a server that issues
 * numbered nonces, and the view with "Ask again" pressed once: two prompts are open.
 */
async function twoPromptsOpen() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const prompts: Prompt[] = [];
  const provider = {
    request: vi.fn(async ({ method, params }: { method: string; params?: unknown[] }) => {
      if (method === "eth_requestAccounts" || method === "eth_accounts") return [ACCOUNT];
      if (method === "eth_chainId") return "0x1837f";
      if (method === "personal_sign")
        return new Promise((resolve, reject) =>
          prompts.push({ message: String(params?.[0]), answer: resolve, reject }),
        );
      throw Object.assign(new Error("Method not supported"), { code: 4200 });
    }),
    on: vi.fn(),
    removeListener: vi.fn(),
  };
  const calls: string[] = [];
  const verified: string[] = [];
  let nonces = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), "http://localhost").pathname;
      calls.push(path);
      if (path === "/api/auth/nonce") return Response.json({ nonce: `abcdefgh1234567${nonces++}` });
      if (path === "/api/auth/verify") {
        verified.push((JSON.parse(String(init?.body)) as { message: string }).message);
        return Response.json({ address: ACCOUNT });
      }
      return Response.json({});
    }),
  );
  const wallet = injected({ target: { id: "test", name: "Test Wallet", provider: provider as never } });
  const h = await renderWithWallet(<SIWXSignMessageView />, { connected: true, connectors: [wallet] });
  h.store.openAt({ view: "SIWXSignMessage" });
  fireEvent.click(await screen.findByRole("button", { name: "Sign" }));
  await waitFor(() => expect(prompts).toHaveLength(1));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(20_000);
  });
  fireEvent.click(await screen.findByRole("button", { name: "Ask again" }));
  await waitFor(() => expect(prompts).toHaveLength(2));
  const settle = () =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
  return { h, prompts, calls, verified, settle };
}

const hexOf = (text: string) =>
  `0x${[...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;

describe("SIWXSignMessageView 'Ask again'", () => {
  // After 20 s the doctor offers "Ask again", which sends a second personal_sign with a new nonce
  // while the first is still open in the wallet. A wallet that was only slow then shows two prompts;
  // the user approves the first one, and that signature was thrown away: nothing happened until the
  // second prompt was signed too (a signature asked twice).
  it("signs the user in with the first prompt's signature after 'Ask again'", async () => {
    const { h, prompts, calls, verified, settle } = await twoPromptsOpen();

    // The user approves the prompt on top: the first one.
    prompts[0]!.answer(`0x${"ab".repeat(65)}`);
    await settle();
    expect(calls, "the first prompt's signature was discarded").toContain("/api/auth/verify");
    expect(h.setSessionAddress).toHaveBeenCalledWith(ACCOUNT);
    // Verified with the message that prompt showed (its own nonce), not the newer one.
    expect(verified).toHaveLength(1);
    expect(hexOf(verified[0]!)).toBe(prompts[0]!.message);
    expect(verified[0]).toContain("Nonce: abcdefgh12345670");

    // The second prompt, signed too, signs nobody in again.
    prompts[1]!.answer(`0x${"cd".repeat(65)}`);
    await settle();
    expect(verified).toHaveLength(1);
  });

  it("signs in with the second prompt's own message when that one is approved", async () => {
    const { h, prompts, verified, settle } = await twoPromptsOpen();
    prompts[1]!.answer(`0x${"cd".repeat(65)}`);
    await settle();
    expect(verified).toHaveLength(1);
    expect(verified[0]).toContain("Nonce: abcdefgh12345671");
    expect(hexOf(verified[0]!)).toBe(prompts[1]!.message);
    expect(h.setSessionAddress).toHaveBeenCalledWith(ACCOUNT);
  });

  // Some wallets end the older prompt when a newer one arrives: that is no reason to report a
  // rejection while the newer prompt is open.
  it("shows no error when the first prompt is rejected while the second is open", async () => {
    const { prompts, settle } = await twoPromptsOpen();
    prompts[0]!.reject(Object.assign(new Error("User rejected the request."), { code: 4001 }));
    await settle();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: "Authenticating..." })).toBeTruthy();
  });
});
