import { describe, expect, it } from "vitest";
import { accountRows, forgetKnown, KNOWN_LIMIT, readKnown, rememberKnown } from "./accounts";

const A = "0x1111111111111111111111111111111111111111";
const B = "0x2222222222222222222222222222222222222222";
const C = "0x3333333333333333333333333333333333333333";
const mm = { uid: "u1", id: "io.metamask", name: "MetaMask" };
const rb = { uid: "u2", id: "io.rabby", name: "Rabby" };

describe("accountRows", () => {
  it("marks the current connection's first account active, other live ones connected, known ones disconnected", () => {
    const rows = accountRows(
      [
        { accounts: [B, C], connector: rb },
        { accounts: [A], connector: mm },
      ],
      "u1",
      [
        { address: C.toUpperCase().replace("0X", "0x"), connectorId: "io.rabby", walletName: "Rabby" },
        {
          address: "0x4444444444444444444444444444444444444444",
          connectorId: "io.metamask",
          walletName: "MetaMask",
        },
      ],
    );
    expect(rows.map((r) => [r.address.slice(0, 4), r.status, r.index])).toEqual([
      ["0x11", "active", 0],
      ["0x22", "connected", 0],
      ["0x33", "connected", 1],
      ["0x44", "disconnected", 0],
    ]);
  });
});

describe("known accounts", () => {
  const memory = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
  };
  it("keeps the newest 10, one per address, and forgets on request", () => {
    const s = memory();
    for (let i = 0; i < 12; i++) {
      rememberKnown({ address: `0x${String(i).padStart(40, "0")}`, connectorId: "x", walletName: "X" }, s);
    }
    rememberKnown({ address: `0x${"11".padStart(40, "0")}`, connectorId: "x", walletName: "X" }, s);
    expect(readKnown(s)).toHaveLength(KNOWN_LIMIT);
    expect(readKnown(s)[0]?.address).toBe(`0x${"11".padStart(40, "0")}`);
    forgetKnown(`0x${"11".padStart(40, "0")}`, s);
    expect(readKnown(s)).toHaveLength(KNOWN_LIMIT - 1);
    expect(readKnown({ getItem: () => '[{"address":"nope"}]', setItem: () => {} })).toEqual([]);
  });
});
