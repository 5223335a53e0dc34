import { parseEther, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testTokenAbi } from "@/chain/generated";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import type { TestChain } from "@/features/indexer/testing";
import { type AccountHandler, indexToHead, startIndexedChain } from "../../../../test/indexed-chain";

let chain: TestChain;
let h: DbHandle;
let history: AccountHandler;
let balance: AccountHandler;
let cookie: string;
const SITE = "http://localhost:3000";

const call = (handler: AccountHandler, address: string, query = "", withCookie = true) =>
  handler(
    new Request(`${SITE}/api/account/${address}/x${query}`, { headers: withCookie ? { cookie } : {} }),
    {
      params: Promise.resolve({ address }),
    },
  );

beforeAll(async () => {
  ({ chain, h } = await startIndexedChain(SITE));
  cookie = (await createTestSession(chain.address(2))).cookieHeader;
  await createTestSession(chain.address(3));
  history = (await import("@/app/api/account/[address]/history/route")).GET as unknown as AccountHandler;
  balance = (await import("@/app/api/account/[address]/balance/route")).GET as unknown as AccountHandler;

  // Seven transfers from account 2 to account 3, then index them.
  const c = chain.deployment.contracts;
  for (let i = 1; i <= 7; i++) {
    const hash = await chain
      .wallet(2)
      .sendTransaction({ chain: chain.chain, to: chain.address(3), value: BigInt(i) });
    await chain.pub.waitForTransactionReceipt({ hash });
  }
  await chain.pub.waitForTransactionReceipt({
    hash: await chain.wallet(1).writeContract({
      chain: chain.chain,
      address: c.tUSD.address,
      abi: testTokenAbi,
      functionName: "transfer",
      args: [chain.address(2), parseUnits("12.5", 6)],
    }),
  });
  await indexToHead(chain, h);
});
afterAll(async () => {
  await h?.close();
  await chain?.stop();
});

describe("GET /api/account/{address}/history", () => {
  it("pages with an opaque cursor and a 15 s private cache", async () => {
    const all: { kind: string; transfers: { quantity: { numeric: string } }[] }[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const res = await call(history, chain.address(2), `?limit=3${next ? `&cursor=${next}` : ""}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, max-age=15");
      const body = (await res.json()) as { data: typeof all; next: string | null };
      all.push(...body.data);
      next = body.next;
      pages++;
    } while (next);
    expect(pages).toBe(3);
    expect(all.map((a) => a.kind)).toEqual(["receive", ...Array(7).fill("send")]);
    expect(all.slice(1).map((a) => a.transfers[0]!.quantity.numeric)).toEqual([
      "7",
      "6",
      "5",
      "4",
      "3",
      "2",
      "1",
    ]);
  });

  it("answers the receiver's side, with the address in any valid casing", async () => {
    const res = await call(history, chain.address(3).toLowerCase());
    const body = (await res.json()) as { data: { kind: string }[]; next: null };
    expect(body.data).toHaveLength(7);
    expect(body.data.every((a) => a.kind === "receive")).toBe(true);
    expect(body.next).toBeNull();
  });

  it("refuses bad addresses, bad checksums and bad cursors with 400", async () => {
    const good = chain.address(2);
    const badChecksum = good.replace(/[a-f]/, (ch) => ch.toUpperCase());
    for (const bad of ["0x123", "hello", badChecksum]) {
      const res = await call(history, bad);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: "INVALID_ADDRESS", message: `Address "${bad}" is invalid.` },
      });
    }
    const res = await call(history, good, "?cursor=bm9wZQ");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("INVALID_CURSOR");
    expect((await call(history, good, "?limit=0")).status).toBe(400);
  });

  it("checks the segment as Next decoded it: a literal %… is a 400, never a second decode's 500", async () => {
    // `/api/account/%25zz/history` reaches the handler as `%zz`; decoding that again threw URIError.
    for (const handler of [history, balance]) {
      for (const bad of ["%zz", "%", `%${chain.address(2).slice(1)}`, "%E0%A4%A"]) {
        const res = await call(handler, bad);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("INVALID_ADDRESS");
      }
      // NUL and a lone surrogate are refused by the route layer before the address check.
      for (const bad of [`${chain.address(2)}\u0000`, "0x\ud800"]) {
        const res = await call(handler, bad);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("INVALID_TEXT");
      }
    }
  });

  it("needs a session", async () => {
    const res = await call(history, chain.address(2), "", false);
    expect(res.status).toBe(401);
  });
});

describe("GET /api/account/{address}/balance", () => {
  it("reads native and token balances in one multicall, with prices from the pools", async () => {
    const res = await call(balance, chain.address(2), "?forceUpdate=true");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      status: string;
      balances: {
        symbol: string;
        address?: string;
        chainId: string;
        price: number;
        value: number;
        quantity: { decimals: string; numeric: string };
      }[];
    };
    expect(body.status).toBe("ok");
    const bySymbol = Object.fromEntries(body.balances.map((b) => [b.symbol, b]));
    expect(Object.keys(bySymbol)).toEqual(["AURUM", "WAURUM", "tUSD", "tETH"]);
    const native = await chain.pub.getBalance({ address: chain.address(2) });
    expect(bySymbol.AURUM!.quantity).toEqual({ decimals: "18", numeric: native.toString() });
    expect(bySymbol.AURUM).not.toHaveProperty("address");
    expect(bySymbol.AURUM!.chainId).toBe("eip155:99199");
    expect(bySymbol.tUSD!.address).toBe(`eip155:99199:${chain.deployment.contracts.tUSD.address}`);
    expect(bySymbol.tUSD!.quantity).toEqual({ decimals: "6", numeric: "12500000" });
    expect(bySymbol.tUSD!.price).toBeCloseTo(1, 2);
    expect(bySymbol.tUSD!.value).toBeCloseTo(12.5, 1);
    // Seeded pools: 1 AURUM = 2 tUSD.
    expect(bySymbol.AURUM!.price).toBeCloseTo(2, 1);
    expect(native).toBeGreaterThan(parseEther("1000"));
  });

  it("serves a cached answer for 30 s unless forced", async () => {
    const first = (await (await call(balance, chain.address(2), "?forceUpdate=true")).json()) as {
      fetchedAt: string;
    };
    const hash = await chain
      .wallet(2)
      .sendTransaction({ chain: chain.chain, to: chain.address(4), value: parseEther("1") });
    await chain.pub.waitForTransactionReceipt({ hash });
    const cached = (await (await call(balance, chain.address(2))).json()) as { fetchedAt: string };
    expect(cached.fetchedAt).toBe(first.fetchedAt);
    const forced = (await (await call(balance, chain.address(2), "?forceUpdate=true")).json()) as {
      fetchedAt: string;
    };
    expect(forced.fetchedAt).not.toBe(first.fetchedAt);
  });

  it("refuses a bad address", async () => {
    const res = await call(balance, "0xnope");
    expect(res.status).toBe(400);
  });
});
