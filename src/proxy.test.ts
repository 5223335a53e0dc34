import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { PROTECTED_ROUTES } from "@/features/auth/protected-routes";
import { newSessionId, signSessionId } from "@/features/auth/session-cookie";
import { resetConfigForTests } from "@/server/config";
import { config, proxy } from "./proxy";

const SECRET = "s".repeat(64);

beforeAll(() => {
  process.env.SESSION_SECRET = SECRET;
  process.env.PUBLIC_URL = "http://localhost:3000";
  resetConfigForTests();
});

const request = (path: string, cookie?: string) =>
  new NextRequest(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} });

const passedThrough = (res: Response) => res.headers.get("x-middleware-next") === "1";

describe("proxy", () => {
  it("matches the landing page (micro-cache) and exactly the protected routes and their sub-paths", () => {
    expect(config.matcher).toEqual(["/", ...PROTECTED_ROUTES.map((r) => `${r}/:path*`)]);
  });

  it.each(["/news", "/news/launch-day", "/swap", "/testnet", "/friends/"])(
    "redirects a visitor without a cookie from %s to /connect?next=…",
    async (path) => {
      const res = await proxy(request(path));
      expect(res.status).toBe(307);
      const location = new URL(res.headers.get("location") ?? "");
      expect(location.pathname).toBe("/connect");
      expect(location.searchParams.get("next")).toBe(path);
    },
  );

  it("keeps the query string in next", async () => {
    const res = await proxy(request("/swap?from=AURUM&to=USDT"));
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.searchParams.get("next")).toBe("/swap?from=AURUM&to=USDT");
  });

  it("drops Next's internal _rsc parameter from next", async () => {
    const res = await proxy(request("/swap?_rsc=abc12&from=AURUM"));
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.searchParams.get("next")).toBe("/swap?from=AURUM");
    const bare = new URL((await proxy(request("/swap?_rsc=abc12"))).headers.get("location") ?? "");
    expect(bare.searchParams.get("next")).toBe("/swap");
  });

  it("lets a correctly signed cookie through", async () => {
    const value = await signSessionId(newSessionId(), SECRET);
    const res = await proxy(request("/wallet", `aurum_session=${value}`));
    expect(passedThrough(res)).toBe(true);
  });

  it("redirects a cookie signed with another secret or tampered with", async () => {
    const foreign = await signSessionId(newSessionId(), "x".repeat(64));
    expect((await proxy(request("/wallet", `aurum_session=${foreign}`))).status).toBe(307);
    const own = await signSessionId(newSessionId(), SECRET);
    const tampered = `${newSessionId()}.${own.split(".")[1]}`;
    expect((await proxy(request("/wallet", `aurum_session=${tampered}`))).status).toBe(307);
    expect((await proxy(request("/wallet", "aurum_session=garbage"))).status).toBe(307);
  });

  it("leaves public paths alone even without a cookie", async () => {
    for (const path of ["/", "/connect", "/ABCD2345", "/newsletter"]) {
      expect(passedThrough(await proxy(request(path)))).toBe(true);
    }
  });
});
