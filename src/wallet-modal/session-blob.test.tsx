// @vitest-environment happy-dom
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ACCOUNT } from "../../test/render";
import { SETTINGS } from "../../test/wallet-settings";
import { ConnectButton } from "./ConnectButton";
import { useWalletContext } from "./context";
import { WalletProvider } from "./WalletProvider";

// The wallet runtime (wagmi, the modal) is not what is tested here.
vi.mock("next/dynamic", () => ({ default: () => () => null }));

function SignOut() {
  const { setSessionAddress } = useWalletContext();
  return (
    <button type="button" data-testid="sign-out" onClick={() => setSessionAddress(null)}>
      out
    </button>
  );
}

const page = (
  <WalletProvider publicConfig={{ ...SETTINGS, buildId: "test" }} sessionAddress={null} sessionFromDocument>
    <ConnectButton />
    <SignOut />
  </WalletProvider>
);

describe("a signed-in shell page (session block read after hydration)", () => {
  it("renders the placeholder on the server, hydrates without a mismatch, then shows the account; sign-out still works", async () => {
    const html = renderToString(page);
    expect(html).toContain('data-testid="account-chip-pending"');
    expect(html).not.toContain("Connect wallet");

    const block = JSON.stringify({ address: ACCOUNT, name: "alice.aurum" }).replaceAll("<", "\\u003c");
    document.body.innerHTML = `<script id="aurum-session" type="application/json">${block}</script><div id="root">${html}</div>`;
    const root = document.getElementById("root") as HTMLElement;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, page, {
        onRecoverableError: (e) => errors.push(e),
        onUncaughtError: (e) => errors.push(e),
      });
    });
    expect(errors).toEqual([]);
    expect(root.querySelector('[data-testid="account-chip-pending"]')).toBeNull();
    const chip = root.querySelector('[data-testid="account-chip"]');
    expect(chip?.textContent).toContain("alice.aurum");
    expect(chip?.querySelector("[title]")?.getAttribute("title")).toBe(ACCOUNT);

    await act(async () => {
      (root.querySelector('[data-testid="sign-out"]') as HTMLButtonElement).click();
    });
    expect(root.querySelector('[data-testid="account-chip"]')).toBeNull();
    expect(root.textContent).toContain("Connect wallet");
  });
});
