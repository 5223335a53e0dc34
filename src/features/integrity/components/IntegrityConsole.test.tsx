// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IntegrityConsole } from "./IntegrityConsole";

// The console's lists used to ask for one page and ignore `nextCursor`, with no address search: after
// one imported list or one confirmed farm, the 101st excluded participant could not be found, so an
// accepted appeal could not be restored from the console. "Confirm and exclude" excluded a cluster
// of any size in one click, and whoever was in it by then (the job rewrites open clusters).

const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const exclusion = (n: number) => ({
  address: addr(n),
  reasonCategory: "sybil",
  reason: "Published list",
  source: "import",
  createdBy: addr(0xaa),
  createdAt: "2026-01-01T00:00:00.000Z",
});
const HASH = "0123456789abcdef0123456789abcdef";
const cluster = {
  id: 7,
  kind: "shared_ip",
  key: "203.0.113.77",
  status: "open",
  score: 20,
  size: 24,
  members: Array.from({ length: 24 }, (_, i) => addr(0x1000 + i)),
  evidence: [],
  decidedBy: null,
  updatedAt: "2026-01-01T00:00:00.000Z",
  membersHash: HASH,
};

type Sent = { url: URL; method: string; body: unknown };
function serve(answer: (s: Sent) => { status?: number; body: unknown }) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const s = {
        url: new URL(url, "http://localhost"),
        method: init?.method ?? "GET",
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      sent.push(s);
      const a = answer(s);
      return new Response(JSON.stringify(a.body), {
        status: a.status ?? 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return sent;
}
const lists = (s: Sent) => {
  if (s.url.pathname.endsWith("/exclusions")) {
    const cursor = Number(s.url.searchParams.get("cursor") ?? 0);
    return {
      body:
        cursor >= 100
          ? { exclusions: [exclusion(101)], nextCursor: null }
          : { exclusions: Array.from({ length: 100 }, (_, i) => exclusion(i + 1)), nextCursor: 100 },
    };
  }
  if (s.url.pathname.endsWith("/scores")) return { body: { scores: [], nextCursor: null } };
  return { body: { clusters: [cluster], nextCursor: null } };
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A hundred rows render slowly on a busy machine: waits and tests get room beyond the defaults.
const SLOW = { timeout: 10_000 };

describe("integrity console exclusions", { timeout: 30_000 }, () => {
  it("reaches an exclusion past the first page", async () => {
    serve(lists);
    render(<IntegrityConsole explorerUrl="/explorer" />);
    fireEvent.click(screen.getByRole("tab", { name: "Exclusions" }));
    await screen.findByText(addr(100), {}, SLOW);
    fireEvent.click(screen.getByRole("button", { name: /show more|load more|next/i }));
    expect(await screen.findByText(addr(101), {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /show more/i })).toBeNull();
  });

  it("searches by address (sent as `address=`), and says what is wrong with a malformed one", async () => {
    const sent = serve(lists);
    render(<IntegrityConsole explorerUrl="/explorer" />);
    fireEvent.click(screen.getByRole("tab", { name: "Exclusions" }));
    await screen.findByText(addr(100), {}, SLOW);
    const box = screen.getByLabelText("Find an excluded address");
    fireEvent.change(box, { target: { value: "0xZZ" } });
    fireEvent.submit(box.closest("form")!);
    expect(await screen.findByText(/0x and up to 40 hex digits/)).toBeTruthy();
    expect(sent.some((s) => s.url.searchParams.has("address"))).toBe(false);
    fireEvent.change(box, { target: { value: " 0x00000000000000000000000000000000000000AB " } });
    fireEvent.submit(box.closest("form")!);
    await waitFor(() =>
      expect(sent.map((s) => s.url.searchParams.get("address"))).toContain(
        "0x00000000000000000000000000000000000000ab",
      ),
    );
  });
});

describe("integrity console clusters", { timeout: 30_000 }, () => {
  it("asks before excluding, with the count, and sends the members hash it listed", async () => {
    const sent = serve((s) => (s.method === "POST" ? { body: { excluded: 24 } } : lists(s)));
    render(<IntegrityConsole explorerUrl="/explorer" />);
    fireEvent.click(await screen.findByRole("button", { name: "Confirm and exclude" }));
    expect(screen.getByText("Exclude 24 wallets?")).toBeTruthy();
    expect(sent.filter((s) => s.method === "POST")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByText("Exclude 24 wallets?")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Confirm and exclude" }));
    fireEvent.click(screen.getByRole("button", { name: "Exclude 24 wallets" }));
    await waitFor(() => expect(sent.filter((s) => s.method === "POST")).toHaveLength(1));
    const post = sent.find((s) => s.method === "POST")!;
    expect([post.url.pathname, post.body]).toEqual([
      "/api/admin/integrity/clusters/7",
      { decision: "confirm", reason: "Funding graph reviewed", membersHash: HASH },
    ]);
  });

  it("shows the server's 409 when the cluster changed, and lists the clusters again", async () => {
    const message = "This cluster changed since you opened it; review it again.";
    const sent = serve((s) =>
      s.method === "POST" ? { status: 409, body: { error: { code: "CONFLICT", message } } } : lists(s),
    );
    render(<IntegrityConsole explorerUrl="/explorer" />);
    fireEvent.click(await screen.findByRole("button", { name: "Confirm and exclude" }));
    fireEvent.click(screen.getByRole("button", { name: "Exclude 24 wallets" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    await waitFor(() =>
      expect(sent.filter((s) => s.method === "GET" && s.url.pathname.endsWith("/clusters"))).toHaveLength(2),
    );
  });
});
