import { afterAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/wallets/route";
import { config, resetConfigForTests } from "@/server/config";

const noParams = { params: Promise.resolve({}) };
const get = (query: string) => GET(new Request(`${config().origin}/api/wallets?${query}`), noParams);

afterAll(() => {
  delete process.env.WALLET_EXCLUDE;
  resetConfigForTests();
});

describe("GET /api/wallets", () => {
  it("answers the getWallets shape, cacheable", async () => {
    const res = await get("page=1&entries=40");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const body = (await res.json()) as { count: number; data: { id: string; image_url: string }[] };
    expect(body.count).toBeGreaterThanOrEqual(100);
    expect(body.data).toHaveLength(40);
    expect(body.data[0]).toMatchObject({
      id: "metamask",
      image_url: "/wallets/metamask.svg",
      walletconnect_link: {
        ios: "https://metamask.app.link/wc?uri={uri}",
        android: "https://metamask.app.link/wc?uri={uri}",
      },
    });
  });

  it("refuses bad parameters with a 400, never a 500", async () => {
    for (const q of [
      "entries=0",
      "entries=101",
      "page=0",
      "page=abc",
      "include=Bad!",
      `search=${"x".repeat(65)}`,
    ]) {
      const res = await get(q);
      expect(res.status, q).toBe(400);
    }
  });

  it("applies WALLET_EXCLUDE by rdns or name", async () => {
    process.env.WALLET_EXCLUDE = "io.metamask, TRUST WALLET";
    resetConfigForTests();
    const body = (await (await get("entries=100&search=a")).json()) as { data: { id: string }[] };
    const ids = body.data.map((w) => w.id);
    expect(ids).not.toContain("metamask");
    expect(ids).not.toContain("trust");
    expect(ids).toContain("rabby");
  });
});
