import { beforeAll, describe, expect, it } from "vitest";
import { creditPoints } from "@/features/points/server";
import { loadTasksPage, upsertTasks } from "@/features/tasks/server";
import { parsePageData } from "@/lib/page-data-block";
import { loadRewardsPageData } from "@/server/rewards-page-data";
import { shellPageData } from "../scripts/lib/shell-data";
import type { ShellVisitor } from "../scripts/lib/shell-session";
import { FORGED_SESSION, getShellDocument, shellTestVisitors, signedOutSession } from "./shell-test-visitors";

/**
 * Signed-in shells of per-user pages (/task): the entry validates the session, serves the one shell
 * (rendered without any cookie) and adds the visitor's page-data block, loaded by the page's own
 * loader from the validated session on PGlite/PostgreSQL. Next is the stand-in of
 * test/shell-test-visitors.ts: with the mark it renders the skeleton shell; otherwise the visitor's
 * own page from their Cookie header, or a redirect to /connect.
 */
const v = shellTestVisitors();

beforeAll(async () => {
  await upsertTasks(v.handle.db, [
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
  await creditAlice(40, 1);
});

/** Alice's `n`th seed credit (each its own ledger key). */
const creditAlice = (points: number, n: number) =>
  creditPoints(v.handle.db, {
    userId: v.alice.user.id,
    points,
    reason: "seed",
    source: "adjustment",
    sourceKey: `shell-data:${v.alice.user.id}:${n}`,
  });

const boot = (dataOf: (page: string, who: ShellVisitor) => Promise<unknown>) =>
  v.boot({
    dataOf,
    render: async (req, who) => {
      const content = who
        ? `<p>${who.address} ${JSON.stringify(await loadTasksPage(who.auth as never))}</p>`
        : `<div data-testid="tasks-skeleton"></div>`;
      return `<main>${req.url} cookie:${req.headers.cookie ?? "none"}${content}</main></body></html>`;
    },
  });

async function get(url: string, cookie?: string, page = "/task") {
  const doc = await getShellDocument(url, cookie ? { cookie } : {});
  const raw = parsePageData(doc.pageDataBlock, page);
  return { ...doc, raw, data: raw as { data: Awaited<ReturnType<typeof loadTasksPage>>; at: number } | null };
}

const realData = (page: string, who: ShellVisitor) => shellPageData(page, who.auth);

describe("signed-in shells with per-user data (/task, /rewards)", () => {
  it("serves one cookie-less shell to everyone and each visitor their own data, read by the page's loader", async () => {
    const { base, seen } = await boot(realData);
    const a = await get(`${base}/task`, v.alice.cookieHeader);
    const b = await get(`${base}/task?utm_source=x`, v.bob.cookieHeader);
    expect(seen).toEqual([{ url: "/task", cookie: undefined, shell: true }]);
    for (const x of [a, b]) expect(x.res.status).toBe(200);
    expect(b.page).toBe(a.page);
    expect(a.page).toContain("cookie:none");
    expect(a.page).toContain("tasks-skeleton");
    for (const s of [v.alice, v.bob])
      expect(a.page.toLowerCase()).not.toContain(s.session.address.slice(2).toLowerCase());

    expect(a.session?.address).toBe(v.alice.session.address);
    expect(b.session?.address).toBe(v.bob.session.address);
    // Exactly what the page's own server render would have been given.
    expect(a.data?.data).toEqual(await loadTasksPage(v.alice.session));
    expect(b.data?.data).toEqual(await loadTasksPage(v.bob.session));
    expect(a.data?.data.points.balance).toBe("40");
    expect(b.data?.data.points.balance).toBe("0");
    expect(a.data?.data.tasks.tasks.map((t) => t.title)).toEqual(["Check in </script>"]);
    expect(a.body).not.toContain("Check in </script>");
  });

  it("gives /rewards each visitor's standing and dashboard, as the page's loader reads them", async () => {
    const { base, seen } = await boot(realData);
    const a = await get(`${base}/rewards`, v.alice.cookieHeader, "/rewards");
    const b = await get(`${base}/rewards`, v.bob.cookieHeader, "/rewards");
    expect(seen).toEqual([{ url: "/rewards", cookie: undefined, shell: true }]);
    expect(b.page).toBe(a.page);
    expect(a.raw?.data).toEqual(await loadRewardsPageData(v.alice.session));
    expect(b.raw?.data).toEqual(await loadRewardsPageData(v.bob.session));
    const rewardsOf = (x: typeof a) => x.raw?.data as Awaited<ReturnType<typeof loadRewardsPageData>>;
    expect(rewardsOf(a).points.balance).toBe("40");
    expect(rewardsOf(a).standing.excluded).toBe(false);
    expect(rewardsOf(a).board.me.points).toBe("40");
    expect(rewardsOf(b).points.balance).toBe("0");
  });

  it("gives /friends and /wallet each visitor's own link, address and QR codes", async () => {
    const { base, seen } = await boot(realData);
    for (const page of ["/friends", "/wallet"]) {
      const a = await get(`${base}${page}`, v.alice.cookieHeader, page);
      const b = await get(`${base}${page}`, v.bob.cookieHeader, page);
      expect(b.page).toBe(a.page);
      expect(a.raw?.data).toEqual(await shellPageData(page, v.alice.session));
      expect(b.raw?.data).toEqual(await shellPageData(page, v.bob.session));
      expect(a.raw?.data).not.toEqual(b.raw?.data);
    }
    const wallet = await get(`${base}/wallet`, v.bob.cookieHeader, "/wallet");
    expect(wallet.raw?.data).toMatchObject({ address: v.bob.session.address });
    expect(wallet.raw?.data).toMatchObject({ receiveQr: expect.stringMatching(/^data:image\/png;base64,/) });
    const friends = await get(`${base}/friends`, v.alice.cookieHeader, "/friends");
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
    expect((await get(`${base}/task`, v.alice.cookieHeader)).data?.data.points.balance).toBe("40");
    await creditAlice(2, 2);
    const after = await get(`${base}/task`, v.alice.cookieHeader);
    expect(after.data?.data.points.balance).toBe("42");
    expect(seen).toHaveLength(1);
  });

  it("hands a forged or signed-out session to Next untouched (its redirect), without loading any data", async () => {
    const asked: string[] = [];
    const { base, seen } = await boot(async (page, who) => {
      asked.push(who.address);
      return realData(page, who);
    });
    const forged = FORGED_SESSION;
    const gone = await signedOutSession();
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
      const r = await get(`${base}/task`, v.alice.cookieHeader);
      expect(r.res.status).toBe(200);
      expect(r.body).not.toContain("aurum-page-data");
      expect(r.body).toContain(`<p>${v.alice.session.address} `);
      expect(seen).toEqual([{ url: "/task", cookie: v.alice.cookieHeader, shell: false }]);
    }
  });
});
