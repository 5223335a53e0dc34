import { sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { staffRoles } from "@/db/schema";
import { runNextPublish } from "@/features/airdrop/server";
import { createTestSession } from "@/features/auth/testing";
import { solvedPow } from "@/features/faucet/testing";
import { startTestChain, type TestChain } from "@/features/indexer/server/test-chain";
import { ANVIL_KEYS } from "../scripts/lib/anvil";
import { seedAll } from "../scripts/seed";
import { config, resetConfigForTests } from "../src/server/config";
import { type OpenApiDocument, openApiDocument } from "../src/server/openapi";
import { type Call, createHarness } from "./contract-harness";
import { testDb } from "./db";
import { signInOverHttp } from "./siwe-http";

/**
 * Issue 17's contract test: every operation of the OpenAPI document (method + path) is called at
 * least once with a real request against its real route handler, and its answer — status, and body
 * or media type — must be the one the document gives for that status (test/contract-harness.ts).
 * Each operation also answers one documented error (4xx, in the `Error` shape or its own). Path
 * values are real: seeded tasks and news, names registered by signature, a SIWE session, a solved
 * faucet proof of work, an airdrop round published and swept on Anvil, tickets, webhooks. The
 * coverage test (document minus what answered) makes a new route without a case here fail.
 * Over 300 lines because it is one scenario: later calls use the ids earlier answers gave.
 */

const ZEALY_KEY = "contract-zealy-key-0123456789";
let chain: TestChain;
let handle: DbHandle;
let doc: OpenApiDocument;
const cookies: Record<string, string> = {};
let admin: string;
let user: string;
const ids: Record<string, string> = {};
const h = createHarness(() => doc, cookies);
const call = h.call;

beforeAll(async () => {
  chain = await startTestChain();
  process.env.TESTNET_RPC_URL = chain.anvil.url;
  process.env.DEPLOYMENTS_DIR = chain.dir;
  process.env.DATA_DIR = chain.dir;
  process.env.FAUCET_PRIVATE_KEY = ANVIL_KEYS[1];
  process.env.ZEALY_API_KEY = ZEALY_KEY;
  // Its webhook endpoints are loopback URLs (nothing is delivered here): the local opt-in.
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetConfigForTests();
  handle = await testDb();
  await seedAll(handle.db);
  admin = chain.address(7).toLowerCase();
  user = chain.address(3).toLowerCase();
  cookies.admin = (await createTestSession(chain.address(7))).cookieHeader;
  const u = await createTestSession(chain.address(3));
  cookies.user = u.cookieHeader;
  cookies.namer = (await createTestSession(chain.address(4))).cookieHeader;
  cookies.excluded = (await createTestSession(chain.address(9))).cookieHeader;
  // A brand-new address with no coins, so the faucet pays it.
  cookies.newcomer = (
    await createTestSession(privateKeyToAccount(generatePrivateKey()).address)
  ).cookieHeader;
  await handle.db.insert(staffRoles).values({ address: admin, role: "admin", grantedBy: "test" });
  // Points two hours old (before the airdrop round's snapshot), a name, a faucet claim.
  await handle.db.execute(sql`
    INSERT INTO points_ledger (user_id, points, reason, source, source_key, created_at)
    VALUES (${u.user.id}, 500, 'contract test', 'adjustment', 'contract:1', now() - interval '2 hours')`);
  await handle.db.execute(sql`INSERT INTO points_totals (user_id, total) VALUES (${u.user.id}, 500)`);
  await handle.db.execute(sql`
    INSERT INTO account_names (name, skeleton, address, user_id, coin_type, message, signature)
    VALUES ('contract', 'contract', ${user}, ${u.user.id}, ${2147582847}, 'test', '0x')`);
  ids.claim = "6f1c0a47-6a3e-4e4b-9a55-0c8a4f0e2b11";
  await handle.db.execute(sql`
    INSERT INTO faucet_claims (id, user_id, address, status) VALUES (${ids.claim}, ${u.user.id}, ${user}, 'confirmed')`);
  doc = await openApiDocument();
}, 240_000);

afterAll(async () => {
  await handle?.close();
  await chain?.stop();
  delete process.env.FAUCET_PRIVATE_KEY;
  delete process.env.ZEALY_API_KEY;
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
});

/** A swap pair; `fromToken` first so that an approval makes sense (the native coin needs none). */
const tokenQuery = (fromToken = false) => {
  const from = (fromToken ? ids.otherToken : ids.nativeToken) as string;
  const to = (fromToken ? ids.thirdToken : ids.otherToken) as string;
  return `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
};

/** One real request per documented GET; values come from the seeded data and earlier answers. */
const GETS: Record<string, () => Omit<Call, "method" | "path">> = {
  "/api/admin/exports/{file}": () => ({ url: "/api/admin/exports/participants.csv" }),
  "/api/media/{file}": () => ({ url: ids.media as string, as: "none" }),
  "/api/metrics": () => ({ url: "/api/metrics", as: "none" }),
  "/api/openapi.json": () => ({ url: "/api/openapi.json", as: "none" }),
  "/api/profile/email/verify": () => ({ url: "/api/profile/email/verify?token=not-a-token", as: "none" }),
  "/api/support/public-tickets/{token}": () => ({
    url: `/api/support/public-tickets/${ids.token}`,
    as: "none",
  }),
  "/api/account/{address}/balance": () => ({ url: `/api/account/${user}/balance`, as: "user" }),
  "/api/account/{address}/history": () => ({ url: `/api/account/${user}/history?limit=5`, as: "user" }),
  "/api/admin/airdrop/rounds": () => ({ url: "/api/admin/airdrop/rounds" }),
  "/api/admin/airdrop/rounds/{id}": () => ({ url: `/api/admin/airdrop/rounds/${ids.round}` }),
  "/api/admin/airdrop/rounds/{id}/simulation": () => ({
    url: `/api/admin/airdrop/rounds/${ids.round}/simulation`,
  }),
  "/api/admin/audit": () => ({ url: "/api/admin/audit" }),
  "/api/admin/faq": () => ({ url: "/api/admin/faq" }),
  "/api/admin/faucet": () => ({ url: "/api/admin/faucet" }),
  "/api/admin/integrity/clusters": () => ({ url: "/api/admin/integrity/clusters" }),
  "/api/admin/integrity/exclusions": () => ({ url: "/api/admin/integrity/exclusions" }),
  "/api/admin/integrity/scores": () => ({ url: "/api/admin/integrity/scores" }),
  "/api/admin/news": () => ({ url: "/api/admin/news" }),
  "/api/admin/overview": () => ({ url: "/api/admin/overview" }),
  "/api/admin/participants": () => ({ url: "/api/admin/participants?search=contract" }),
  "/api/admin/participants/{address}": () => ({ url: `/api/admin/participants/${user}` }),
  "/api/admin/settings": () => ({ url: "/api/admin/settings" }),
  "/api/admin/staff": () => ({ url: "/api/admin/staff" }),
  "/api/admin/support/tickets": () => ({ url: "/api/admin/support/tickets" }),
  "/api/admin/support/tickets/{id}": () => ({ url: `/api/admin/support/tickets/${ids.ticket}` }),
  "/api/admin/tasks": () => ({ url: "/api/admin/tasks" }),
  "/api/admin/webhooks": () => ({ url: "/api/admin/webhooks" }),
  "/api/admin/webhooks/{id}/deliveries": () => ({ url: `/api/admin/webhooks/${ids.webhook}/deliveries` }),
  "/api/airdrop": () => ({ url: "/api/airdrop", as: "user" }),
  "/api/airdrop/rounds/{id}/proof/{address}": () => ({
    url: `/api/airdrop/rounds/${ids.round}/proof/${user}`,
    as: "none",
  }),
  "/api/airdrop/rounds/{id}/tree.json": () => ({
    url: `/api/airdrop/rounds/${ids.round}/tree.json`,
    as: "none",
  }),
  "/api/auth/nonce": () => ({ url: "/api/auth/nonce", as: "none" }),
  "/api/auth/session": () => ({ url: "/api/auth/session", as: "user" }),
  "/api/chain/status": () => ({ url: "/api/chain/status", as: "none" }),
  "/api/convert/allowance": () => ({
    url: `/api/convert/allowance?tokenAddress=${encodeURIComponent(ids.otherToken as string)}&userAddress=${user}`,
    as: "none",
  }),
  "/api/convert/build-approve": () => ({
    url: `/api/convert/build-approve?${tokenQuery(true)}&userAddress=${user}&amount=1000`,
    as: "none",
  }),
  "/api/convert/gas-price": () => ({ url: `/api/convert/gas-price?chainId=${ids.chainId}`, as: "none" }),
  "/api/convert/quotes": () => ({
    url: `/api/convert/quotes?${tokenQuery()}&amount=1000000000000000&side=exactIn&slippage=1`,
    as: "none",
  }),
  "/api/convert/tokens": () => ({ url: `/api/convert/tokens?chainId=${chain.chain.id}`, as: "none" }),
  "/api/faq": () => ({ url: "/api/faq", as: "user" }),
  "/api/faucet/challenge": () => ({ url: "/api/faucet/challenge", as: "user" }),
  "/api/faucet/claims/{id}": () => ({ url: `/api/faucet/claims/${ids.claim}`, as: "user" }),
  "/api/faucet/status": () => ({ url: "/api/faucet/status", as: "user" }),
  "/api/health": () => ({ url: "/api/health", as: "none" }),
  "/api/integrity/me": () => ({ url: "/api/integrity/me", as: "user" }),
  "/api/leaderboard": () => ({ url: "/api/leaderboard", as: "user" }),
  "/api/news": () => ({ url: "/api/news", as: "user" }),
  "/api/news/{slug}": () => ({ url: `/api/news/${ids.news}`, as: "user" }),
  "/api/points": () => ({ url: "/api/points", as: "user" }),
  "/api/points/history": () => ({ url: "/api/points/history", as: "user" }),
  "/api/profile/account/{name}": () => ({ url: "/api/profile/account/contract", as: "none" }),
  "/api/profile/email": () => ({ url: "/api/profile/email", as: "user" }),
  // Its own name: another would be a rename inside the cooldown (409 before the wallet signs).
  "/api/profile/message": () => ({ url: `/api/profile/message?name=contract&address=${user}`, as: "user" }),
  "/api/profile/reverse/{address}": () => ({ url: `/api/profile/reverse/${user}`, as: "none" }),
  "/api/profile/suggestions/{name}": () => ({ url: "/api/profile/suggestions/contract", as: "none" }),
  "/api/public/v1/tasks": () => ({ url: "/api/public/v1/tasks", as: "none" }),
  "/api/public/v1/tasks/{taskId}/completions/{address}": () => ({
    url: `/api/public/v1/tasks/${ids.task}/completions/${user}`,
    as: "none",
  }),
  "/api/referrals/me": () => ({ url: "/api/referrals/me", as: "user" }),
  "/api/support/tickets": () => ({ url: "/api/support/tickets", as: "user" }),
  "/api/support/tickets/{id}": () => ({ url: `/api/support/tickets/${ids.ticket}`, as: "user" }),
  "/api/tasks": () => ({ url: "/api/tasks", as: "user" }),
  "/api/version": () => ({ url: "/api/version", as: "none" }),
  "/api/wallets": () => ({ url: "/api/wallets", as: "none" }),
};

const get = (path: string) => {
  const make = GETS[path];
  if (!make) throw new Error(`no contract case for GET ${path}`);
  return call({ method: "GET", path, ...make() });
};

const w = (method: Call["method"], path: string, url: string, body?: unknown, as = "admin") =>
  call({ method, path, url, body, as });

describe("API contract (issue 17): real answers match the OpenAPI document", () => {
  it("has a case for every documented GET", () => {
    const documented = Object.entries(doc.paths)
      .filter(([, ops]) => "get" in ops)
      .map(([p]) => p)
      .sort();
    expect(Object.keys(GETS).sort()).toEqual(documented);
  });

  it("the console's and participants' writes answer their documented shapes", async () => {
    ids.chainId = String(chain.chain.id);
    const { tokens } = (await get("/api/convert/tokens")).body as {
      tokens: { address: string; symbol: string }[];
    };
    const caip = (symbol: string) => tokens.find((t) => t.symbol === symbol)?.address as string;
    ids.nativeToken = caip("AURUM");
    ids.otherToken = caip("tUSD");
    ids.thirdToken = caip("tETH");
    ids.task = ((await get("/api/public/v1/tasks")).body as { tasks: { id: string }[] }).tasks[0]
      ?.id as string;
    ids.news = ((await get("/api/news")).body as { articles: { slug: string }[] }).articles[0]
      ?.slug as string;
    await w("POST", "/api/news/{slug}/read", `/api/news/${ids.news}/read`, undefined, "user");

    const hook = await w("POST", "/api/admin/webhooks", "/api/admin/webhooks", {
      url: "http://127.0.0.1:9/hook",
      events: ["ticket.opened"],
    });
    ids.webhook = (hook.body as { endpoint: { id: string } }).endpoint.id;
    const ticket = await w(
      "POST",
      "/api/support/tickets",
      "/api/support/tickets",
      {
        email: "contract@example.org",
        category: "faucet",
        subject: "Contract test ticket",
        message: "A message long enough to be accepted by the form.",
      },
      "user",
    );
    ids.ticket = (ticket.body as { ticket: { id: string } }).ticket.id;
    await w(
      "POST",
      "/api/admin/support/tickets/{id}/messages",
      `/api/admin/support/tickets/${ids.ticket}/messages`,
      {
        body: "Thanks, we are looking into it.",
      },
    );
    // The ticket queued a delivery to the endpoint; the worker is not running here, so fail it by hand.
    const [delivery] = (
      (await handle.db.execute(
        sql`UPDATE webhook_deliveries SET status = 'failed', attempts = 3, last_error = 'connection refused'
          WHERE endpoint_id = ${ids.webhook} RETURNING event_id`,
      )) as unknown as { rows: { event_id: string }[] }
    ).rows;
    await w(
      "POST",
      "/api/admin/webhooks/{id}/deliveries/{eventId}/redeliver",
      `/api/admin/webhooks/${ids.webhook}/deliveries/${delivery?.event_id}/redeliver`,
    );
    await w("PATCH", "/api/admin/webhooks/{id}", `/api/admin/webhooks/${ids.webhook}`, { enabled: false });
    const spare = await w("POST", "/api/admin/webhooks", "/api/admin/webhooks", {
      url: "http://127.0.0.1:9/x",
    });
    await w(
      "DELETE",
      "/api/admin/webhooks/{id}",
      `/api/admin/webhooks/${(spare.body as { endpoint: { id: string } }).endpoint.id}`,
    );
    await w("PATCH", "/api/admin/support/tickets/{id}", `/api/admin/support/tickets/${ids.ticket}`, {
      assignee: "me",
    });
    await w("POST", "/api/admin/tasks", "/api/admin/tasks", {
      id: "contract-task",
      title: "Contract task",
      description: "Made by the contract test.",
      type: "quiz",
      params: { questions: [{ id: "q1", question: "2 + 2?", options: ["3", "4"], answer: 1 }] },
      points: 10,
      repeat: "once",
      startsAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await w("PATCH", "/api/admin/tasks/{id}", "/api/admin/tasks/contract-task", { points: 12 });
    await w("POST", "/api/admin/news", "/api/admin/news", {
      slug: "contract-article",
      title: "Contract article",
      summary: "Made by the contract test.",
      bodyMarkdown: "# Hello\n\nBody.",
      publishedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await w("PATCH", "/api/admin/news/{slug}", "/api/admin/news/contract-article", { published: false });
    await w("POST", "/api/admin/news/preview", "/api/admin/news/preview", { markdown: "**bold**" });
    const faq = await w("POST", "/api/admin/faq", "/api/admin/faq", {
      sectionTitle: "Contract",
      question: "Is the contract kept?",
      answerMarkdown: "Yes.",
    });
    await w("PATCH", "/api/admin/faq/{slug}", `/api/admin/faq/${(faq.body as { slug: string }).slug}`, {
      move: "up",
    });
    await w("PATCH", "/api/admin/settings", "/api/admin/settings", { "referral.sharePercent": 12 });
    await w("POST", "/api/admin/staff", "/api/admin/staff", { address: chain.address(8), role: "moderator" });
    await w("DELETE", "/api/admin/staff/{address}", `/api/admin/staff/${chain.address(8).toLowerCase()}`);
    await w("POST", "/api/admin/participants/{address}/points", `/api/admin/participants/${user}/points`, {
      points: 5,
      reason: "contract test",
    });
    await w(
      "POST",
      "/api/events",
      "/api/events",
      { clientId: "contract-client-1", events: [{ name: "PAGE_VIEW", path: "/" }] },
      "none",
    );
    const round = await w("POST", "/api/admin/airdrop/rounds", "/api/admin/airdrop/rounds", {
      name: "Contract round",
      totalAmount: "1000000000000000000000",
      minPoints: 1,
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      deadline: new Date(Date.now() + 48 * 3_600_000).toISOString(),
    });
    ids.round = (round.body as { id: string }).id;
    // A draft the operator drops again (a round can be deleted until its distributor is deployed).
    const spareRound = await w("POST", "/api/admin/airdrop/rounds", "/api/admin/airdrop/rounds", {
      name: "Spare round",
      totalAmount: "1",
      minPoints: 1,
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      deadline: new Date(Date.now() + 48 * 3_600_000).toISOString(),
    });
    await w(
      "DELETE",
      "/api/admin/airdrop/rounds/{id}",
      `/api/admin/airdrop/rounds/${(spareRound.body as { id: string }).id}`,
    );
    // The POST only queues publishing; the airdrop worker runs it (deploy, fund, publish on Anvil):
    // one worker tick here, as no worker runs in this test.
    await w(
      "POST",
      "/api/admin/airdrop/rounds/{id}/publish",
      `/api/admin/airdrop/rounds/${ids.round}/publish`,
    );
    expect((await runNextPublish(handle.db))?.error).toBeUndefined();
    for (let i = 0; i < 600; i++) {
      const r = await get("/api/admin/airdrop/rounds/{id}");
      const status = (r.body as { status: string }).status;
      if (status === "published") break;
      if (status === "failed") throw new Error(`publish failed: ${r.text}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(((await get("/api/admin/airdrop/rounds/{id}")).body as { status: string }).status).toBe(
      "published",
    );
  }, 240_000);

  it("sign-in, faucet, swap, names, integrity, imports, Zealy and support writes answer their documented shapes", async () => {
    const site = config().publicUrl;
    // SIWE over "HTTP" (the handlers): nonce + verify, then sign out, then sign out everywhere.
    cookies.siwe = (
      await signInOverHttp(site, site, { privateKey: ANVIL_KEYS[5], fetch: h.viaRoutes })
    ).cookie;
    await w("POST", "/api/auth/logout", "/api/auth/logout", undefined, "siwe");
    cookies.siwe = (
      await signInOverHttp(site, site, { privateKey: ANVIL_KEYS[5], fetch: h.viaRoutes })
    ).cookie;
    await w("POST", "/api/auth/logout-all", "/api/auth/logout-all", undefined, "siwe");

    await w("POST", "/api/faucet/claim", "/api/faucet/claim", { altcha: await solvedPow() }, "newcomer");
    await w(
      "POST",
      "/api/convert/build-transaction",
      "/api/convert/build-transaction",
      {
        amount: "1000000000000000",
        from: ids.nativeToken,
        to: ids.otherToken,
        userAddress: user,
        side: "exactIn",
        disableEstimate: true,
      },
      "none",
    );
    await w(
      "POST",
      "/api/fungible/price",
      "/api/fungible/price",
      { currency: "usd", addresses: [ids.otherToken] },
      "none",
    );

    // Quest: the participant answers the quiz, then Zealy asks (200), for someone else (400), with a wrong key (401).
    await w(
      "POST",
      "/api/tasks/{id}/verify",
      "/api/tasks/contract-task/verify",
      { answers: { q1: 1 } },
      "user",
    );
    const zealy = (wallet: string, key: string, expect?: number) =>
      call({
        method: "POST",
        path: "/api/integrations/zealy/{taskId}",
        url: "/api/integrations/zealy/contract-task",
        as: "none",
        headers: { "x-api-key": key },
        body: {
          userId: "zu1",
          communityId: "zc1",
          subdomain: "aurum",
          questId: "zq1",
          requestId: `zr-${wallet}`,
          accounts: { wallet },
        },
        expect,
      });
    await zealy(user, ZEALY_KEY);
    await zealy(chain.address(6), ZEALY_KEY, 400);
    await zealy(user, "wrong-key", 401);
    await call({
      method: "POST",
      path: "/api/admin/points/import",
      url: "/api/admin/points/import",
      raw: {
        body: `address,points,reason,source_key\n${user},7,Zealy quest,contract-import-1\n`,
        type: "text/csv",
      },
    });

    // Names: the message to sign, registration (201, then 200 for the same name), revocation.
    const namer = privateKeyToAccount(ANVIL_KEYS[4] as `0x${string}`);
    const signed = async () => {
      const msg = (
        await call({
          method: "GET",
          path: "/api/profile/message",
          url: `/api/profile/message?name=contract-two&address=${namer.address}`,
          as: "namer",
        })
      ).body as { message: string; coin_type: number };
      return {
        coin_type: msg.coin_type,
        address: namer.address,
        message: msg.message,
        signature: await namer.signMessage({ message: msg.message }),
      };
    };
    expect(
      (await w("POST", "/api/profile/account", "/api/profile/account", await signed(), "namer")).status,
    ).toBe(201);
    expect(
      (await w("POST", "/api/profile/account", "/api/profile/account", await signed(), "namer")).status,
    ).toBe(200);
    await w("DELETE", "/api/admin/names/{name}", "/api/admin/names/contract-two");

    // Integrity: exclude, appeal (201, then 200), import a list, restore, dismiss a cluster.
    const excluded = chain.address(9).toLowerCase();
    await w("POST", "/api/admin/integrity/exclusions", "/api/admin/integrity/exclusions", {
      address: excluded,
      reasonCategory: "bot",
      reason: "contract test",
    });
    const appeal = { email: "appeal@example.org", note: "I am a person." };
    expect(
      (await w("POST", "/api/integrity/appeal", "/api/integrity/appeal", appeal, "excluded")).status,
    ).toBe(201);
    expect(
      (await w("POST", "/api/integrity/appeal", "/api/integrity/appeal", appeal, "excluded")).status,
    ).toBe(200);
    await w("POST", "/api/admin/integrity/exclusions/import", "/api/admin/integrity/exclusions/import", {
      csv: `address\n${chain.address(8)}\n`,
      reasonCategory: "sybil",
      reason: "contract list",
    });
    await w("POST", "/api/admin/integrity/exclusions/restore", "/api/admin/integrity/exclusions/restore", {
      address: excluded,
      reason: "contract test",
    });
    const [cluster] = (
      (await handle.db.execute(
        sql`INSERT INTO sybil_clusters (kind, key, score, size, evidence) VALUES ('ip', 'contract', 60, 0, '[]'::jsonb) RETURNING id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    await w("POST", "/api/admin/integrity/clusters/{id}", `/api/admin/integrity/clusters/${cluster?.id}`, {
      decision: "dismiss",
      reason: "contract test",
    });

    // A cover image (raw PNG bytes), read back by GET /api/media/{file}.
    const png = new Blob([Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.from("contract")])]);
    ids.media = (
      (
        await call({
          method: "POST",
          path: "/api/admin/media",
          url: "/api/admin/media",
          raw: { body: png, type: "image/png" },
        })
      ).body as { url: string }
    ).url;

    await w("PUT", "/api/profile/email", "/api/profile/email", { email: "contract@example.org" }, "user");
    // Any token redirects (303); only an over-long one is refused (400), no generic probe reaches it.
    await call({
      method: "GET",
      path: "/api/profile/email/verify",
      url: `/api/profile/email/verify?token=${"a".repeat(201)}`,
      as: "none",
      expect: 400,
    });
    const { code } = (
      await call({ method: "GET", path: "/api/referrals/me", url: "/api/referrals/me", as: "user" })
    ).body as { code: string };
    await w("POST", "/api/referral/visit", "/api/referral/visit", { code }, "none");

    // Support: a reply by the owner; a ticket opened signed out (201, then 200 for the same key), read and answered by its link.
    await w(
      "POST",
      "/api/support/tickets/{id}/messages",
      `/api/support/tickets/${ids.ticket}/messages`,
      { body: "Any news?" },
      "user",
    );
    const open = (expect: number) =>
      call({
        method: "POST",
        path: "/api/support/public-tickets",
        url: "/api/support/public-tickets",
        as: "none",
        headers: { "idempotency-key": "contract-public-ticket-0123456789abcdef" },
        body: {
          email: "guest@example.org",
          category: "wallet",
          subject: "Cannot connect my wallet",
          message: "The wallet modal does not open on my phone.",
        },
        expect,
      });
    await open(201);
    const { link } = (await open(200)).body as { link: string };
    ids.token = link.split("/").at(-1) as string;
    await w(
      "POST",
      "/api/support/public-tickets/{token}/messages",
      `/api/support/public-tickets/${ids.token}/messages`,
      { body: "It works now, thanks." },
      "none",
    );
  }, 240_000);

  it("every documented GET, with real values, answers in its documented shape", async () => {
    const failures: string[] = [];
    for (const path of Object.keys(GETS)) {
      try {
        await get(path);
      } catch (err) {
        failures.push(String(err instanceof Error ? err.message : err).slice(0, 400));
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it("the console's lists carry primary names next to addresses (issue 16)", async () => {
    const inbox = (await get("/api/admin/support/tickets")).body as {
      tickets: { address: string; name: string | null }[];
    };
    expect(inbox.tickets.find((t) => t.address === user)?.name).toBe(`contract.${config().namesZone}`);
    const people = (await get("/api/admin/participants")).body as { participants: { name: string | null }[] };
    expect(people.participants.map((p) => p.name)).toEqual([`contract.${config().namesZone}`]);
  });

  it("after the claim deadline the round is swept on chain", async () => {
    await chain.rpc("evm_increaseTime", [49 * 3600]);
    await chain.rpc("evm_mine");
    const swept = await w(
      "POST",
      "/api/admin/airdrop/rounds/{id}/sweep",
      `/api/admin/airdrop/rounds/${ids.round}/sweep`,
      {},
    );
    expect((swept.body as { sweptAmount: string | null }).sweptAmount).not.toBeNull();
  }, 120_000);

  it("/api/metrics answers its documented 401 once METRICS_TOKEN is set", async () => {
    process.env.METRICS_TOKEN = "contract-metrics-token-0123456789";
    resetConfigForTests();
    try {
      await call({ method: "GET", path: "/api/metrics", url: "/api/metrics", as: "none", expect: 401 });
    } finally {
      delete process.env.METRICS_TOKEN;
      resetConfigForTests();
    }
  });

  it("every documented operation answered a success and a documented error", async () => {
    const documented = h.documentedOps();
    expect(documented.filter((k) => !h.succeeded.has(k))).toEqual([]);
    const failures: string[] = [];
    for (const key of documented) {
      const why = await h.errorCase(key);
      if (why) failures.push(why);
    }
    expect(failures).toEqual([]);
    // Their only documented error is 429: a new route joining them must be looked at.
    expect(h.onlyRateLimited.sort()).toEqual(["GET /api/auth/nonce", "GET /api/public/v1/tasks"]);
  }, 240_000);
});
