import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiClientError } from "@/lib/api-client";
import {
  fetchNameSuggestions,
  fetchNamesOf,
  nameErrorDetails,
  registerAccountName,
  resolveName,
} from "./api";

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(body === undefined ? "oops" : JSON.stringify(body), { status }));

async function errorOf(p: Promise<unknown>): Promise<ApiClientError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiClientError) return err;
    throw err;
  }
  throw new Error("expected an ApiClientError");
}

const body = { coin_type: 2147582847, address: "0x1", message: "m", signature: "0x2" };

describe("names API client: the first reason, else the seed's default text", () => {
  it("carries the server's message, code and suggestions", async () => {
    vi.stubGlobal(
      "fetch",
      answer(409, {
        error: { code: "NAME_TAKEN", message: "alice.aurum is taken." },
        suggestions: ["alice2.aurum"],
      }),
    );
    const err = await errorOf(registerAccountName("alice.aurum", body));
    expect(err).toMatchObject({ status: 409, code: "NAME_TAKEN", message: "alice.aurum is taken." });
    expect(nameErrorDetails(err).suggestions).toEqual(["alice2.aurum"]);
  });

  it("carries when a rename is possible on a 409 RENAME_COOLDOWN", async () => {
    vi.stubGlobal(
      "fetch",
      answer(409, {
        error: { code: "RENAME_COOLDOWN", message: "You can change your name again in 2 days." },
        rename_available_at: 1_764_000_000,
      }),
    );
    const err = await errorOf(registerAccountName("alice.aurum", body));
    expect(err).toMatchObject({ code: "RENAME_COOLDOWN" });
    expect(nameErrorDetails(err).renameAvailableAt).toBe(1_764_000_000);
    vi.stubGlobal("fetch", answer(409, { error: { code: "NAME_TAKEN", message: "taken" } }));
    expect(
      nameErrorDetails(await errorOf(registerAccountName("alice.aurum", body))).renameAvailableAt,
    ).toBeNull();
  });

  it("falls back to the seed's four messages when the answer has no reason", async () => {
    vi.stubGlobal("fetch", answer(502, undefined));
    expect((await errorOf(registerAccountName("alice.aurum", body))).message).toBe(
      "Error registering name alice.aurum",
    );
    expect((await errorOf(resolveName("alice"))).message).toBe("Error resolving name");
    expect((await errorOf(fetchNameSuggestions("alice"))).message).toBe("Error fetching name suggestions");
    expect((await errorOf(fetchNamesOf("0x1"))).message).toBe("Error fetching names for address");
  });

  it("treats a network failure like an answer without a reason", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("fetch failed");
      }),
    );
    expect(await errorOf(resolveName("alice"))).toMatchObject({ status: 0, message: "Error resolving name" });
  });

  it("returns the body of an OK answer", async () => {
    vi.stubGlobal("fetch", answer(200, [{ name: "alice.aurum" }]));
    expect(await fetchNamesOf("0x1")).toEqual([{ name: "alice.aurum" }]);
  });
});
