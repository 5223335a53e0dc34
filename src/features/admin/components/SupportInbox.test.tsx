// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SupportInbox } from "./SupportInbox";

// Operator console: the support inbox pages by the server's keyset cursor ("Show more"), and a
// ticket's thread opens beside the list with its own reply box.

const id = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, "0")}`;
const ticket = (n: number) => ({
  id: id(n),
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
const thread = (n: number) => ({
  ticket: {
    id: id(n),
    subject: `Ticket number ${n}`,
    status: "open",
    category: "wallet",
    email: `p${n}@example.org`,
    txHash: null,
    messages: [
      { id: id(100 + n), author: "user", body: `Question from ${n}`, createdAt: "2026-01-01T00:00:00.000Z" },
    ],
  },
  address: null,
  name: null,
  assignee: null,
  assigneeName: null,
});
let asked: string[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const json = (b: unknown) =>
        new Response(JSON.stringify(b), { status: 200, headers: { "content-type": "application/json" } });
      if ((init.method ?? "GET") !== "GET") return json({});
      asked.push(url);
      const one = /\/api\/admin\/support\/tickets\/([0-9a-f-]+)$/.exec(url.split("?")[0] ?? "");
      if (one) return json(thread(Number(one[1]?.slice(-12))));
      const cursor = new URL(url, "http://localhost").searchParams.get("cursor");
      return json(
        cursor
          ? { tickets: [ticket(3)], nextCursor: null }
          : { tickets: [ticket(1), ticket(2)], nextCursor: "2026-01-01T00:00:00.000Z|next" },
      );
    }),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <SupportInbox me="0x00000000000000000000000000000000000000aa" />
    </QueryClientProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("support inbox", () => {
  it("shows more tickets with the previous page's cursor, keeping the filters, until there are no more", async () => {
    await screen.findByText("Ticket number 2");
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    await screen.findByText("Ticket number 3");
    expect(screen.getByText("Ticket number 1")).toBeTruthy();
    const next = new URL(asked.at(-1) ?? "", "http://localhost").searchParams;
    expect(Object.fromEntries(next)).toEqual({ status: "open", cursor: "2026-01-01T00:00:00.000Z|next" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Show more" })).toBeNull());
  });

  // Where "Send reply" would otherwise send it to another participant.
  it("opening another ticket does not carry the reply drafted for the first one", async () => {
    fireEvent.click(await screen.findByRole("button", { name: /Ticket number 1/ }));
    await screen.findByText("Question from 1");
    fireEvent.change(screen.getByLabelText("Reply"), {
      target: { value: "Participant 1: your claim id is 1234, I refunded it." },
    });
    fireEvent.click(screen.getByRole("button", { name: /Ticket number 2/ }));
    await screen.findByText("Question from 2");
    await waitFor(() => expect(screen.queryByText("Question from 1")).toBeNull());
    // The reply box of ticket 2 must not hold the text written to participant 1.
    expect((screen.getByLabelText("Reply") as HTMLTextAreaElement).value).toBe("");
  });
});
