import { describe, expect, it } from "vitest";
import { parsePageData } from "@/lib/page-data-block";
import { signedInShellDocument } from "./document-cache";
import { MAX_PAGE_DATA_BYTES, PAGE_DATA_BLOCK_ID, pageDataBlock } from "./shell-data-block";

const inner = (block: Buffer) =>
  /^<script id="([^"]+)" type="application\/json">(.*)<\/script>$/s.exec(block.toString("utf8"));

describe("pageDataBlock: the per-visitor data of a per-user signed-in shell", () => {
  it("is a JSON data block the client reads back as it was loaded", () => {
    const data = { tasks: { tasks: [{ id: "t1", title: "Swap once" }] }, points: { balance: "12" } };
    const block = pageDataBlock("/task", data, 1_700_000_000_000);
    const m = inner(block ?? Buffer.alloc(0));
    expect(m?.[1]).toBe(PAGE_DATA_BLOCK_ID);
    expect(parsePageData(m?.[2], "/task")).toEqual({ data, at: 1_700_000_000_000 });
  });

  it("cannot be closed or escaped by a value (every < is \\u003c)", () => {
    const hostile = { title: "</script><script>alert(1)</script><!--", note: "a<b" };
    const block = pageDataBlock("/task", hostile, 1)?.toString("utf8") ?? "";
    const m = inner(Buffer.from(block));
    expect(m?.[2]).not.toContain("<");
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(parsePageData(m?.[2], "/task")?.data).toEqual(hostile);
  });

  it("is refused above the size bound (the entry then lets Next render the page)", () => {
    const fits = pageDataBlock("/task", { s: "x".repeat(MAX_PAGE_DATA_BYTES - 200) }, 1);
    expect(fits?.length).toBeLessThanOrEqual(MAX_PAGE_DATA_BYTES);
    expect(pageDataBlock("/task", { s: "x".repeat(MAX_PAGE_DATA_BYTES) }, 1)).toBeNull();
    // `<` counts six bytes once escaped: the bound is on what is sent.
    expect(pageDataBlock("/task", { s: "<".repeat(MAX_PAGE_DATA_BYTES / 5) }, 1)).toBeNull();
  });
});

describe("parsePageData: what the client accepts", () => {
  it("takes only this page's well-formed block", () => {
    const ok = JSON.stringify({ page: "/task", at: 5, data: { a: 1 } });
    expect(parsePageData(ok, "/task")).toEqual({ data: { a: 1 }, at: 5 });
    expect(parsePageData(ok, "/rewards")).toBeNull();
    for (const bad of [
      null,
      undefined,
      "",
      "not json",
      "null",
      "[]",
      JSON.stringify({ page: "/task", at: "5", data: {} }),
      JSON.stringify({ page: "/task", at: 5, data: null }),
      JSON.stringify({ page: "/task", at: 5, data: "x" }),
      JSON.stringify({ at: 5, data: {} }),
    ])
      expect(parsePageData(bad, "/task")).toBeNull();
  });
});

describe("signedInShellDocument: pages with per-user content ask for their data", () => {
  const req = (url: string) => ({
    method: "GET",
    url,
    header: (name: string) => (name === "cookie" ? "aurum_session=abc.def" : undefined),
  });
  it("names the page whose data the entry must add, and only for those", () => {
    expect(signedInShellDocument(req("/task?utm_source=x"), "aurum_session")).toEqual({
      key: "signed-in en-US /task",
      url: "/task",
      data: "/task",
    });
    expect(signedInShellDocument(req("/swap"), "aurum_session")?.data).toBeUndefined();
    expect(signedInShellDocument(req("/task?tab=2"), "aurum_session")).toBeNull();
  });
});
