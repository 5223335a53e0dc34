import { describe, expect, it } from "vitest";
import { duplicateAnnouncements, ethereumTakenOver, isContractCode, probeRpc } from "./doctor";

describe("wallet doctor", () => {
  const a = {};
  const b = {};
  it("finds two providers announcing the same rdns", () => {
    expect(
      duplicateAnnouncements([
        { id: "io.metamask", name: "MetaMask", provider: a },
        { id: "io.metamask", name: "MetaMask", provider: b },
        { id: "io.rabby", name: "Rabby", provider: {} },
      ]),
    ).toEqual(["MetaMask"]);
    expect(duplicateAnnouncements([{ id: "io.rabby", name: "Rabby", provider: a }])).toEqual([]);
  });

  it("notices window.ethereum owned by no announced wallet", () => {
    const wallets = [{ id: "io.metamask", name: "MetaMask", provider: a }];
    expect(ethereumTakenOver(a, wallets)).toBe(false);
    expect(ethereumTakenOver(b, wallets)).toBe(true);
    expect(ethereumTakenOver(undefined, wallets)).toBe(false);
    expect(ethereumTakenOver(b, [])).toBe(false);
  });

  it("probes the RPC: ok, wrong chain, error status, bad body, network failure", async () => {
    const answer = (body: unknown, status = 200) =>
      (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
    expect(await probeRpc("http://x", 99199, answer({ result: "0x1837f" }))).toBe("ok");
    expect(await probeRpc("http://x", 99199, answer({ result: "0x1" }))).toBe("wrong-chain");
    expect(await probeRpc("http://x", 99199, answer({}, 502))).toBe("down");
    expect(await probeRpc("http://x", 99199, answer({ error: {} }))).toBe("down");
    const failing = (async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    expect(await probeRpc("http://x", 99199, failing)).toBe("down");
  });

  it("tells contract code from an empty account", () => {
    expect(isContractCode("0x")).toBe(false);
    expect(isContractCode(undefined)).toBe(false);
    expect(isContractCode("0x6080")).toBe(true);
  });
});
