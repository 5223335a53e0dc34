// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NewsScreen } from "./NewsScreen";

// The news editor: after a failed cover upload a failed save still shows why the save failed; the
// cover input is emptied after each upload; an older preview answer never replaces a newer one;
// Unpublish cannot be sent twice; a save names the version it was opened from.

const article = {
  slug: "welcome",
  title: "Welcome",
  summary: "The first article.",
  tags: [],
  coverImage: null,
  coverAlt: null,
  bodyMarkdown: "Hello.",
  publishedAt: "2026-01-01T00:00:00.000Z",
  published: true,
  updatedAt: "2026-01-01T00:00:00.000Z",
};
const UPLOAD_ERROR = "The cover must be a PNG, JPEG or WebP image.";
const SAVE_ERROR = "publishedAt: a date from 1970 to 9998";
let patches: number;
let lastPatch: Record<string, unknown> | undefined;

beforeEach(() => {
  patches = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const json = (status: number, b: unknown) =>
        new Response(JSON.stringify(b), { status, headers: { "content-type": "application/json" } });
      if (url === "/api/admin/media")
        return json(400, { error: { code: "INVALID_INPUT", message: UPLOAD_ERROR } });
      if (url === "/api/admin/news/preview") return json(200, { html: "<p>Hello.</p>", readingMinutes: 1 });
      if (init.method === "PATCH") {
        patches++;
        lastPatch = JSON.parse(String(init.body));
        return json(400, { error: { code: "INVALID_INPUT", message: SAVE_ERROR } });
      }
      return json(200, { articles: [article] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("news editor", () => {
  it("a save that fails after a failed upload shows the save's error", async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(createElement(QueryClientProvider, { client: qc }, createElement(NewsScreen)));
    fireEvent.click(await screen.findByRole("button", { name: "Edit Welcome" }));
    const input = screen.getByLabelText("Cover image") as HTMLInputElement;
    const file = new File([new Uint8Array([0x3c, 0x73, 0x76, 0x67])], "cover.svg", { type: "image/svg+xml" });
    Object.defineProperty(input, "files", { value: [file], configurable: true });
    fireEvent.change(input);
    expect((await screen.findByRole("alert")).textContent).toContain(UPLOAD_ERROR);
    // The operator carries on without a cover and saves; the save is refused.
    fireEvent.click(screen.getByRole("button", { name: "Save and publish" }));
    await waitFor(() => expect(patches).toBe(1));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain(SAVE_ERROR));
  });

  it("empties the cover input once an upload ends, so the same file can be chosen again", async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(createElement(QueryClientProvider, { client: qc }, createElement(NewsScreen)));
    fireEvent.click(await screen.findByRole("button", { name: "Edit Welcome" }));
    const input = screen.getByLabelText("Cover image") as HTMLInputElement;
    const file = new File([new Uint8Array([0x3c])], "cover.svg", { type: "image/svg+xml" });
    Object.defineProperty(input, "files", { value: [file], configurable: true });
    const values: string[] = [];
    Object.defineProperty(input, "value", {
      configurable: true,
      get: () => "C:\\fakepath\\cover.svg",
      set: (v: string) => values.push(v),
    });
    fireEvent.change(input);
    await screen.findByRole("alert");
    await waitFor(() => expect(values).toEqual([""]));
  });

  it("shows the preview of the newest text even when an older answer arrives after it", async () => {
    const previews: { markdown: string; answer: (html: string) => void }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const json = (b: unknown) =>
          new Response(JSON.stringify(b), { status: 200, headers: { "content-type": "application/json" } });
        if (url !== "/api/admin/news/preview") return json({ articles: [article] });
        const { markdown } = JSON.parse(String(init.body)) as { markdown: string };
        return new Promise<Response>((resolve) => {
          previews.push({ markdown, answer: (html) => resolve(json({ html, readingMinutes: 1 })) });
        });
      }),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(createElement(QueryClientProvider, { client: qc }, createElement(NewsScreen)));
    fireEvent.click(await screen.findByRole("button", { name: "Edit Welcome" }));
    await waitFor(() => expect(previews.map((p) => p.markdown)).toEqual(["Hello."]));
    fireEvent.change(screen.getByLabelText("Text (Markdown)"), { target: { value: "Newer." } });
    await waitFor(() => expect(previews.map((p) => p.markdown)).toEqual(["Hello.", "Newer."]));
    previews[1]?.answer("<p>Newer.</p>");
    await waitFor(() => expect(screen.getByTestId("news-preview").textContent).toBe("Newer."));
    previews[0]?.answer("<p>Hello.</p>");
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId("news-preview").textContent).toBe("Newer.");
  });

  it("Unpublish cannot be clicked again while its request runs", async () => {
    const patches: unknown[] = [];
    let finish = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const json = (b: unknown) =>
          new Response(JSON.stringify(b), { status: 200, headers: { "content-type": "application/json" } });
        if (url === "/api/admin/news/preview") return json({ html: "<p>Hello.</p>", readingMinutes: 1 });
        if (init.method === "PATCH") {
          patches.push(JSON.parse(String(init.body)));
          await new Promise<void>((resolve) => {
            finish = resolve;
          });
          return json({ slug: "welcome" });
        }
        return json({ articles: [article] });
      }),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(createElement(QueryClientProvider, { client: qc }, createElement(NewsScreen)));
    fireEvent.click(await screen.findByRole("button", { name: "Edit Welcome" }));
    const unpublish = screen.getByRole("button", { name: "Unpublish" }) as HTMLButtonElement;
    fireEvent.click(unpublish);
    await waitFor(() => expect(unpublish.disabled).toBe(true));
    fireEvent.click(unpublish);
    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatchObject({ published: false });
    finish();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Unpublish" })).toBeNull());
  });

  it("a save sends the version the form was opened from (an edit conflict is refused by the server)", async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(createElement(QueryClientProvider, { client: qc }, createElement(NewsScreen)));
    fireEvent.click(await screen.findByRole("button", { name: "Edit Welcome" }));
    fireEvent.click(screen.getByRole("button", { name: "Save and publish" }));
    await waitFor(() => expect(patches).toBe(1));
    expect(lastPatch).toMatchObject({ title: "Welcome", baseUpdatedAt: article.updatedAt });
  });
});
