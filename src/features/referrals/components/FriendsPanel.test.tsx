// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pageDataBlock } from "@/server/shell-data-block";
import { createQueryClient } from "@/wallet-modal/config";
import type { FriendsPageData } from "../schema";
import { FriendsPanel, type FriendsPanelProps } from "./FriendsPanel";

const DATA: FriendsPageData = {
  me: {
    code: "ABCD2345",
    link: "http://localhost:3000/ABCD2345",
    sharePercent: 10,
    friendsCount: 0,
    qualifiedCount: 0,
    rule: { taskTypes: 2, hours: 24 },
    totalBonus: "0",
    friends: [],
  },
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>',
};
const RULES = { sharePercent: 10, rule: { taskTypes: 2, hours: 24 } };

const panel = (props: FriendsPanelProps) => (
  <QueryClientProvider client={createQueryClient()}>
    <FriendsPanel {...props} />
  </QueryClientProvider>
);

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("FriendsPanel as a signed-in shell", () => {
  it("has the rules and skeletons in the HTML, then the user's link from the block: no request, no mismatch", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const html = renderToString(panel({ fromDocument: true, rules: RULES }));
    expect(html).toContain('data-testid="friends-skeleton"');
    expect(html).toContain("How it works");
    expect(html).not.toContain("ABCD2345");

    const block = pageDataBlock("/friends", DATA, Date.now())?.toString("utf8");
    document.body.innerHTML = `${block}<div id="root">${html}</div>`;
    const root = document.getElementById("root") as HTMLElement;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, panel({ fromDocument: true, rules: RULES }), {
        onRecoverableError: (e) => errors.push(e),
        onUncaughtError: (e) => errors.push(e),
      });
    });
    expect(errors).toEqual([]);
    expect(root.querySelector('[data-testid="friends-skeleton"]')).toBeNull();
    expect(root.querySelector('[data-testid="referral-link"]')?.textContent).toBe(DATA.me.link);
    expect(root.querySelector('[data-testid="referral-qr"] svg')).not.toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("renders the user's panel in the HTML of a normal render", () => {
    const html = renderToString(panel({ initial: DATA }));
    expect(html).toContain(DATA.me.link);
    expect(html).not.toContain("friends-skeleton");
  });
});
