// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SupportInbox } from "./SupportInbox";

// A reply drafted for one participant's ticket does not follow the operator to the next ticket
// they open (where "Send reply" would send it to another participant).

const id = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, "0")}`;
const row = (n: number) => ({
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
let posted: { url: string; body: unknown }[];

beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const json = (b: unknown) =>
        new Response(JSON.stringify(b), { status: 200, headers: { "content-type": "application/json" } });
      if ((init.method ?? "GET") !== "GET") {
        posted.push({ url, body: JSON.parse(String(init.body)) });
        return json({});
      }
      const m = /\/api\/admin\/support\/tickets\/([0-9a-f-]+)$/.exec(url.split("?")[0] ?? "");
      if (m) return json(thread(m[1] === id(1) ? 1 : 2));
      return json({ tickets: [row(1), row(2)], nextCursor: null });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("support inbox thread", () => {
  it("opening another ticket does not carry the reply drafted for the first one", async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      createElement(
        QueryClientProvider,
        { client: qc },
        createElement(SupportInbox, { me: "0x00000000000000000000000000000000000000aa" }),
      ),
    );
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
