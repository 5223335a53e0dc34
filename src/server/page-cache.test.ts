import { describe, expect, it } from "vitest";
import {
  isAnonymousDocumentRequest,
  MICRO_CACHE_MAX_PATHS,
  MicroCache,
  PAGE_CACHE_BYPASS,
  type PageRequest,
} from "./page-cache";

const req = (over: Partial<PageRequest> & { headers?: Record<string, string>; cookies?: string[] } = {}) => {
  const headers = over.headers ?? {};
  const cookies = over.cookies ?? [];
  return {
    method: over.method ?? "GET",
    pathname: over.pathname ?? "/",
    search: over.search ?? "",
    header: (n: string) => headers[n] ?? null,
    hasCookie: (n: string) => cookies.includes(n),
  };
};

describe("isAnonymousDocumentRequest", () => {
  it("takes only plain cookie-less GETs", () => {
    expect(isAnonymousDocumentRequest(req(), "s")).toBe(true);
    expect(isAnonymousDocumentRequest(req({ cookies: ["s"] }), "s")).toBe(false);
    expect(isAnonymousDocumentRequest(req({ method: "POST" }), "s")).toBe(false);
    expect(isAnonymousDocumentRequest(req({ search: "?x=1" }), "s")).toBe(false);
    expect(isAnonymousDocumentRequest(req({ search: "?_rsc=abc" }), "s")).toBe(false);
    expect(isAnonymousDocumentRequest(req({ search: "?utm_source=a&ref=b" }), "s")).toBe(false);
    // Campaign parameters only: the same render as a plain `/`.
    expect(isAnonymousDocumentRequest(req({ search: "?utm_source=news&utm_campaign=launch" }), "s")).toBe(
      true,
    );
    expect(isAnonymousDocumentRequest(req({ search: "?utm_medium=x", cookies: ["s"] }), "s")).toBe(false);
    expect(isAnonymousDocumentRequest(req({ headers: { rsc: "1" } }), "s")).toBe(false);
    expect(isAnonymousDocumentRequest(req({ headers: { "next-router-prefetch": "1" } }), "s")).toBe(false);
    expect(isAnonymousDocumentRequest(req({ headers: { [PAGE_CACHE_BYPASS]: "1" } }), "s")).toBe(false);
  });
});

describe("MicroCache", () => {
  it("renders once per TTL, shares concurrent misses, and never keeps a non-200", async () => {
    let t = 0;
    let renders = 0;
    let status = 200;
    const cache = new MicroCache(
      async () => {
        renders++;
        return new Response(`page ${renders}`, { status, headers: { "content-type": "text/html" } });
      },
      1_000,
      () => t,
    );
    const [a, b] = await Promise.all([cache.get("/"), cache.get("/")]);
    expect(renders).toBe(1);
    expect(new TextDecoder().decode(a!.body)).toBe("page 1");
    expect(b).toBe(a);
    t = 999;
    await cache.get("/");
    expect(renders).toBe(1);
    t = 1_000;
    const c = await cache.get("/");
    expect(renders).toBe(2);
    expect(new TextDecoder().decode(c!.body)).toBe("page 2");
    status = 500;
    t = 5_000;
    expect(await cache.get("/")).toBeNull();
  });

  it("does not share a response that sets a cookie", async () => {
    const cache = new MicroCache(async () => new Response("x", { headers: { "set-cookie": "a=b" } }));
    expect(await cache.get("/")).toBeNull();
  });
});

describe("MicroCache bound (issue 10, item 4)", () => {
  it("keeps at most MICRO_CACHE_MAX_PATHS pages however many paths are asked for", async () => {
    const cache = new MicroCache(async () => new Response("<html></html>", { status: 200 }));
    for (let i = 0; i < 2_000; i++) await cache.get(`/p${i}`);
    expect(cache.size).toBe(MICRO_CACHE_MAX_PATHS);
  });
});
