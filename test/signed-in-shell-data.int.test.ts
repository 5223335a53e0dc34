import type http from "node:http";
import type { AddressInfo } from "node:net";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession, type TestSession } from "@/features/auth/testing";
import { creditPoints } from "@/features/points/server";
import { loadTasksPage, upsertTasks } from "@/features/tasks/server";
import { parsePageData } from "@/lib/page-data-block";
import { resetConfigForTests } from "@/server/config";
import { DocumentCache } from "@/server/document-cache";
import { loadRewardsPageData } from "@/server/rewards-page-data";
import { isSignedInShellMark, RENDER_HEADER } from "@/server/shell-render";
import { parseDocumentSession } from "@/wallet-modal/session-blob";
import { ANVIL_KEYS } from "../scripts/lib/anvil";
import { createHttpEntry } from "../scripts/lib/http-entry";
import { shellPageData } from "../scripts/lib/shell-data";
import { type ShellVisitor, shellSessionOf } from "../scripts/lib/shell-session";
import { testDb } from "./db";

/**
 * Signed-in shells of per-user pages (/task): the entry validates the session, serves the one shell
 * (rendered without any cookie) and adds the visitor's page-data block, loaded by the page's own
 * loader from the validated session on PGlite/PostgreSQL. Next is a stand-in like in
 * signed-in-shell.int.test.ts: with the mark it renders the skeleton shell; otherwise the visitor's
 * own page from their Cookie header, or a redirect to /connect.
 */
let handle: DbHandle;
let alice: TestSession;
let bob: TestSession;
const servers: http.Server[] = [];

beforeAll(async () => {
  process.env.PUBLIC_URL = "http://localhost:3000";
  process.env.SESSION_SECRET = "s".repeat(64);
  resetConfigForTests();
  handle = await testDb();
  alice = await createTestSession(privateKeyToAccount(ANVIL_KEYS[4]).address);
  bob = await createTestSession(privateKeyToAccount(ANVIL_KEYS[5]).address);
  await upsertTasks(handle.db, [
    {
      id: "checkin",
      title: "Check in </script>",
      description: "d",
      type: "daily_checkin",
      params: {},
      points: 5,
      repeat: "daily",
      order: 0,
    },
  ]);
  await creditPoints(handle.db, {
    userId: alice.user.id,
    points: 40,
    reason: "seed",
    source: "adjustment",
    sourceKey: `shell-data:${alice.user.id}:1`,
  });
});

afterAll(async () => {
  for (const s of servers) s.close();
  await handle?.close();
});

type Seen = { url: string; cookie: string | undefined; shell: boolean };

async function boot(dataOf: (page: string, v: ShellVisitor) => Promise<unknown>) {
  const seen: Seen[] = [];
  let n = 0;
  const server = createHttpEntry(
    async (req, res) => {
      const shell = isSignedInShellMark(req.headers[RENDER_HEADER] as string | undefined);
      seen.push({ url: req.url ?? "", cookie: req.headers.cookie, shell });
      const nonce = Buffer.from(`render-number-${String(++n).padStart(2, "0")}`).toString("base64");
      const who = shell ? null : await shellSessionOf(req.headers.cookie ?? "");
      if (!shell && !who) {
        res.statusCode = 307;
        res.setHeader("location", `/connect?next=${encodeURIComponent(req.url ?? "/")}`);
        res.end();
        return;
      }
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("content-security-policy", `script-src 'nonce-${nonce}' 'strict-dynamic'`);
      res.write(`<html><head><script nonce="${nonce}">1</script></head><body class="b">`);
      const content = shell
        ? `<div data-testid="tasks-skeleton"></div>`
        : `<p>${who?.address} ${JSON.stringify(await loadTasksPage(who?.auth as never))}</p>`;
      res.end(`<main>${req.url} cookie:${req.headers.cookie ?? "none"}${content}</main></body></html>`);
    },
    0,
    {
      documentCache: new DocumentCache(60_000),
      sessionCookie: "aurum_session",
      sessionOf: shellSessionOf,
      dataOf,
    },
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const BLOCKS =
  /<script id="aurum-session" type="application\/json">(.*?)<\/script><script id="aurum-page-data" type="application\/json">(.*?)<\/script>/;

async function get(url: string, cookie?: string, page = "/task") {
  const res = await fetch(url, {
    headers: { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
  const body = await res.text();
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  const blocks = BLOCKS.exec(body);
  return {
    res,
    body,
    session: parseDocumentSession(blocks?.[1]),
    raw: parsePageData(blocks?.[2], page),
    data: parsePageData(blocks?.[2], page) as {
      data: Awaited<ReturnType<typeof loadTasksPage>>;
      at: number;
    } | null,
    page: body.replace(blocks?.[0] ?? "", "").replaceAll(nonce || "-", "NONCE"),
  };
}

const realData = (page: string, v: ShellVisitor) => shellPageData(page, v.auth);

describe("signed-in shells with per-user data (/task, /rewards)", () => {
  it("serves one cookie-less shell to everyone and each visitor their own data, read by the page's loader", async () => {
    const { base, seen } = await boot(realData);
    const a = await get(`${base}/task`, alice.cookieHeader);
    const b = await get(`${base}/task?utm_source=x`, bob.cookieHeader);
    expect(seen).toEqual([{ url: "/task", cookie: undefined, shell: true }]);
    for (const x of [a, b]) expect(x.res.status).toBe(200);
    expect(b.page).toBe(a.page);
    expect(a.page).toContain("cookie:none");
    expect(a.page).toContain("tasks-skeleton");
    for (const s of [alice, bob])
      expect(a.page.toLowerCase()).not.toContain(s.session.address.slice(2).toLowerCase());

    expect(a.session?.address).toBe(alice.session.address);
    expect(b.session?.address).toBe(bob.session.address);
    // Exactly what the page's own server render would have been given.
    expect(a.data?.data).toEqual(await loadTasksPage(alice.session));
    expect(b.data?.data).toEqual(await loadTasksPage(bob.session));
    expect(a.data?.data.points.balance).toBe("40");
    expect(b.data?.data.points.balance).toBe("0");
    expect(a.data?.data.tasks.tasks.map((t) => t.title)).toEqual(["Check in </script>"]);
    expect(a.body).not.toContain("Check in </script>");
  });

  it("gives /rewards each visitor's standing and dashboard, as the page's loader reads them", async () => {
    const { base, seen } = await boot(realData);
    const a = await get(`${base}/rewards`, alice.cookieHeader, "/rewards");
    const b = await get(`${base}/rewards`, bob.cookieHeader, "/rewards");
    expect(seen).toEqual([{ url: "/rewards", cookie: undefined, shell: true }]);
    expect(b.page).toBe(a.page);
    expect(a.raw?.data).toEqual(await loadRewardsPageData(alice.session));
    expect(b.raw?.data).toEqual(await loadRewardsPageData(bob.session));
    const rewardsOf = (x: typeof a) => x.raw?.data as Awaited<ReturnType<typeof loadRewardsPageData>>;
    expect(rewardsOf(a).points.balance).toBe("40");
    expect(rewardsOf(a).standing.excluded).toBe(false);
    expect(rewardsOf(a).board.me.points).toBe("40");
    expect(rewardsOf(b).points.balance).toBe("0");
  });

  it("gives /friends and /wallet each visitor's own link, address and QR codes", async () => {
    const { base, seen } = await boot(realData);
    for (const page of ["/friends", "/wallet"]) {
      const a = await get(`${base}${page}`, alice.cookieHeader, page);
      const b = await get(`${base}${page}`, bob.cookieHeader, page);
      expect(b.page).toBe(a.page);
      expect(a.raw?.data).toEqual(await shellPageData(page, alice.session));
      expect(b.raw?.data).toEqual(await shellPageData(page, bob.session));
      expect(a.raw?.data).not.toEqual(b.raw?.data);
    }
    const wallet = await get(`${base}/wallet`, bob.cookieHeader, "/wallet");
    expect(wallet.raw?.data).toMatchObject({ address: bob.session.address });
    expect(wallet.raw?.data).toMatchObject({ receiveQr: expect.stringMatching(/^data:image\/png;base64,/) });
    const friends = await get(`${base}/friends`, alice.cookieHeader, "/friends");
    expect(friends.raw?.data).toMatchObject({
      me: { friendsCount: 0 },
      qrSvg: expect.stringContaining("<svg"),
    });
    expect(friends.body).not.toContain("<svg");
    expect(seen.map((s) => [s.url, s.cookie, s.shell])).toEqual([
      ["/friends", undefined, true],
      ["/wallet", undefined, true],
    ]);
  });

  it("loads the data per answer: a credit shows on the next load while the shell is still shared", async () => {
    const { base, seen } = await boot(realData);
    expect((await get(`${base}/task`, alice.cookieHeader)).data?.data.points.balance).toBe("40");
    await creditPoints(handle.db, {
      userId: alice.user.id,
      points: 2,
      reason: "seed",
      source: "adjustment",
      sourceKey: `shell-data:${alice.user.id}:2`,
    });
    const after = await get(`${base}/task`, alice.cookieHeader);
    expect(after.data?.data.points.balance).toBe("42");
    expect(seen).toHaveLength(1);
  });

  it("hands a forged or signed-out session to Next untouched (its redirect), without loading any data", async () => {
    const asked: string[] = [];
    const { base, seen } = await boot(async (page, v) => {
      asked.push(v.address);
      return realData(page, v);
    });
    const forged = `aurum_session=${"a".repeat(43)}.${"b".repeat(43)}`;
    const gone = await createTestSession(privateKeyToAccount(ANVIL_KEYS[6]).address);
    const { deleteSessionByCookieHeader } = await import("@/features/auth/server/sessions");
    expect(await deleteSessionByCookieHeader(gone.cookieHeader)).toBe(true);
    for (const cookie of [forged, gone.cookieHeader]) {
      const r = await get(`${base}/task`, cookie);
      expect(r.res.status).toBe(307);
      expect(r.res.headers.get("location")).toBe("/connect?next=%2Ftask");
      expect(r.body).not.toContain("aurum-page-data");
    }
    expect(asked).toEqual([]);
    expect(seen.map((s) => s.shell)).toEqual([false, false]);
  });

  it("lets Next render the page normally when the data cannot be loaded or is too large", async () => {
    for (const dataOf of [
      async () => {
        throw new Error("database down");
      },
      async () => ({ huge: "x".repeat(200 * 1024) }),
    ]) {
      const { base, seen } = await boot(dataOf);
      const r = await get(`${base}/task`, alice.cookieHeader);
      expect(r.res.status).toBe(200);
      expect(r.body).not.toContain("aurum-page-data");
      expect(r.body).toContain(`<p>${alice.session.address} `);
      expect(seen).toEqual([{ url: "/task", cookie: alice.cookieHeader, shell: false }]);
    }
  });
});
