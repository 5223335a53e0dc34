// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FaqScreen } from "./FaqScreen";

// The FAQ editor: switching from one entry's editor to another's shows (and saves) the second
// entry, never the first entry's text over the second; Hide cannot be sent twice.

const entries = [
  {
    slug: "how-do-i-claim",
    sectionTitle: "Faucet",
    position: 0,
    question: "How do I claim?",
    answerMarkdown: "Open the faucet page.",
    published: true,
    updatedAt: "2026-11-20T10:00:00.000Z",
  },
  {
    slug: "is-my-wallet-safe",
    sectionTitle: "Security",
    position: 1,
    question: "Is my wallet safe?",
    answerMarkdown: "Yes, we never ask for keys.",
    published: true,
    updatedAt: "2026-11-21T11:30:00.123Z",
  },
];
let sent: { url: string; method: string; body: unknown }[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      if (method !== "GET") {
        sent.push({ url, method, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ slug: "x" }), { status: 200 });
      }
      return new Response(JSON.stringify({ entries }), {
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

describe("FAQ editor", () => {
  it("opening Edit on a second question while the first one's editor is open edits the second", async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(createElement(QueryClientProvider, { client: qc }, createElement(FaqScreen)));
    fireEvent.click(await screen.findByRole("button", { name: "Edit: How do I claim?" }));
    expect((screen.getByLabelText("Question") as HTMLInputElement).value).toBe("How do I claim?");
    fireEvent.click(screen.getByRole("button", { name: "Edit: Is my wallet safe?" }));
    // The form must now hold the second entry...
    expect((screen.getByLabelText("Question") as HTMLInputElement).value).toBe("Is my wallet safe?");
    fireEvent.click(screen.getByRole("button", { name: "Save question" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // ...and a save must never write the first entry's text over the second one.
    expect(sent[0]).toEqual({
      url: "/api/admin/faq/is-my-wallet-safe",
      method: "PATCH",
      body: {
        sectionTitle: "Security",
        question: "Is my wallet safe?",
        answerMarkdown: "Yes, we never ask for keys.",
        // The version this form was opened from (docs/api.md, "Edit conflicts"), the second's too.
        baseUpdatedAt: "2026-11-21T11:30:00.123Z",
      },
    });
  });

  it("saving after switching from one question's editor to another never writes the first's text into the second", async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(createElement(QueryClientProvider, { client: qc }, createElement(FaqScreen)));
    fireEvent.click(await screen.findByRole("button", { name: "Edit: How do I claim?" }));
    fireEvent.click(screen.getByRole("button", { name: "Edit: Is my wallet safe?" }));
    fireEvent.click(screen.getByRole("button", { name: "Save question" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const write = sent[0] as { url: string; body: { question: string } };
    // Whatever entry the save addresses, it carries that entry's own question.
    const target = entries.find((e) => write.url === `/api/admin/faq/${e.slug}`);
    expect(write.body.question).toBe(target?.question);
  });

  it("Hide cannot be clicked again while its request runs", async () => {
    let finish = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if ((init.method ?? "GET") === "GET")
          return new Response(JSON.stringify({ entries }), {
            status: 200,
            headers: { "content-type": "application/json" },
          });
        sent.push({ url, method: String(init.method), body: JSON.parse(String(init.body)) });
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        return new Response(JSON.stringify({ slug: "x" }), { status: 200 });
      }),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(createElement(QueryClientProvider, { client: qc }, createElement(FaqScreen)));
    fireEvent.click(await screen.findByRole("button", { name: "Edit: How do I claim?" }));
    const hide = screen.getByRole("button", { name: "Hide" }) as HTMLButtonElement;
    fireEvent.click(hide);
    await waitFor(() => expect(hide.disabled).toBe(true));
    fireEvent.click(hide);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ published: false });
    finish();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Hide" })).toBeNull());
  });
});
