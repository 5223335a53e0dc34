// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SupportInbox } from "./SupportInbox";

// Operator console: the support inbox pages by the server's keyset cursor ("Show more").

const ticket = (n: number) => ({
  id: `00000000-0000-4000-8000-${n.toString().padStart(12, "0")}`,
  subject: `Ticket number ${n}`,
  category: "wallet",
  status: "open",
  address: null,
  email: `p${n}@example.org`,
  name: null,
  assignee: null,
  assigneeName: null,
  messages: 1,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});
let asked: string[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      const cursor = new URL(url, "http://localhost").searchParams.get("cursor");
      const body = cursor
        ? { tickets: [ticket(3)], nextCursor: null }
        : { tickets: [ticket(1), ticket(2)], nextCursor: "2026-01-01T00:00:00.000Z|next" };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("support inbox", () => {
  it("shows more tickets with the previous page's cursor, keeping the filters, until there are no more", async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <SupportInbox me="0x00000000000000000000000000000000000000aa" />
      </QueryClientProvider>,
    );
    await screen.findByText("Ticket number 2");
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    await screen.findByText("Ticket number 3");
    expect(screen.getByText("Ticket number 1")).toBeTruthy();
    const next = new URL(asked.at(-1) ?? "", "http://localhost").searchParams;
    expect(Object.fromEntries(next)).toEqual({ status: "open", cursor: "2026-01-01T00:00:00.000Z|next" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Show more" })).toBeNull());
  });
});
