import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiClientError, apiErrorMessage, apiFetch } from "./api-client";

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers });
}

afterEach(() => vi.unstubAllGlobals());

describe("apiFetch", () => {
  it("sends JSON with same-origin credentials, no-store and the idempotency key", async () => {
    const fetchMock = vi.fn(async () => answer(200, { ok: true }));
    vi.stubGlobal("fetch", fetchMock);
    const data = await apiFetch<{ ok: boolean }>("/api/x", { body: { a: 1 }, idempotencyKey: "k1" });
    expect(data).toEqual({ ok: true });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe("/api/x");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("same-origin");
    expect(init.cache).toBe("no-store");
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ "content-type": "application/json", "idempotency-key": "k1" });
  });

  it("sends a file as is, typed by its own type", async () => {
    const fetchMock = vi.fn(async () => answer(201, { url: "/api/media/a.png" }));
    vi.stubGlobal("fetch", fetchMock);
    const file = new Blob(["png bytes"], { type: "image/png" });
    await apiFetch("/api/admin/media", { body: file });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe(file);
    expect(init.headers).toMatchObject({ "content-type": "image/png" });
  });

  it("keeps the error answer's other fields and uses the caller's message when it has none", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        answer(409, { error: { code: "NAME_TAKEN", message: "taken" }, suggestions: ["a2"] }),
      ),
    );
    const taken = await apiFetch("/api/n", { fallbackMessage: "Error registering name" }).catch((e) => e);
    expect(taken).toMatchObject({ message: "taken", code: "NAME_TAKEN", body: { suggestions: ["a2"] } });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(502, "Bad gateway")),
    );
    const bare = await apiFetch("/api/n", { fallbackMessage: "Error registering name" }).catch((e) => e);
    expect(bare).toMatchObject({ status: 502, message: "Error registering name", body: null });
  });

  it("defaults to GET without a body", async () => {
    const fetchMock = vi.fn(async () => answer(200, []));
    vi.stubGlobal("fetch", fetchMock);
    await apiFetch("/api/y");
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.method).toBe("GET");
    expect(init.body).toBeUndefined();
  });

  it("throws ApiClientError with the server's status, code, message and Retry-After", async () => {
    vi.stubGlobal("fetch", async () =>
      answer(429, { error: { code: "RATE_LIMITED", message: "Too many requests" } }, { "retry-after": "12" }),
    );
    const err = await apiFetch("/api/z").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiClientError);
    expect(err).toMatchObject({
      status: 429,
      code: "RATE_LIMITED",
      message: "Too many requests",
      retryAfter: 12,
    });
  });

  it("keeps the status text when the error body is not JSON", async () => {
    vi.stubGlobal("fetch", async () => answer(502, "<html>bad gateway</html>"));
    const err = (await apiFetch("/api/z").catch((e: unknown) => e)) as ApiClientError;
    expect(err.message).toBe("HTTP status code: 502");
    expect(err.code).toBe("HTTP_ERROR");
    expect(err.retryAfter).toBeNull();
  });

  it("maps a network failure to status 0 NETWORK_ERROR but lets an abort through", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    const err = (await apiFetch("/api/z").catch((e: unknown) => e)) as ApiClientError;
    expect(err).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    vi.stubGlobal("fetch", async () => {
      throw new DOMException("aborted", "AbortError");
    });
    await expect(apiFetch("/api/z")).rejects.toMatchObject({ name: "AbortError" });
  });

  it("apiErrorMessage shows the server's message, else the fallback", () => {
    expect(apiErrorMessage(new ApiClientError(400, "Bad amount"))).toBe("Bad amount");
    expect(apiErrorMessage(new Error("internal detail"), "Try again")).toBe("Try again");
  });
});
