import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { sql } from "drizzle-orm";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { staffRoles } from "@/db/schema";
import { publishRound } from "@/features/airdrop/server";
import { createTestSession } from "@/features/auth/testing";
import { startTestChain, type TestChain } from "@/features/indexer/server/test-chain";
import { ANVIL_KEYS } from "../scripts/lib/anvil";
import { seedAll } from "../scripts/seed";
import { API_ROUTES } from "../src/server/api-routes.generated";
import { config, resetConfigForTests } from "../src/server/config";
import { type OpenApiDocument, openApiDocument } from "../src/server/openapi";
import { testDb } from "./db";

/**
 * Issue 17's contract test: real answers of every documented JSON GET (and the writes the console
 * and participants make) validated with ajv against the OpenAPI document's schemas. Path parameters
 * are real ids from seeded data (tasks and news from content/, a registered name, a published
 * airdrop round, a ticket, a faucet claim, a webhook endpoint). A coverage test makes a new GET
 * without a case here fail, so no documented operation goes unchecked.
 */

type Op = {
  responses: Record<string, { content?: { "application/json"?: { schema: object } } }>;
  parameters: { name: string; in: string; required: boolean }[];
};
type As = "admin" | "user" | "none";
type Call = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  url: string;
  as?: As;
  body?: unknown;
};

/** GETs whose answer is not JSON (CSV, images, a redirect, the document itself). */
const NOT_JSON = new Set([
  "/api/admin/exports/{file}",
  "/api/media/{file}",
  "/api/profile/email/verify",
  "/api/openapi.json",
  "/api/metrics",
]);

let chain: TestChain;
let handle: DbHandle;
let doc: OpenApiDocument;
const cookies: Record<As, string> = { admin: "", user: "", none: "" };
let admin: string;
let user: string;
const ids: Record<string, string> = {};
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

beforeAll(async () => {
  chain = await startTestChain();
  process.env.TESTNET_RPC_URL = chain.anvil.url;
  process.env.DEPLOYMENTS_DIR = chain.dir;
  process.env.DATA_DIR = chain.dir;
  resetConfigForTests();
  handle = await testDb();
  await seedAll(handle.db);
  admin = chain.address(7).toLowerCase();
  user = chain.address(3).toLowerCase();
  cookies.admin = (await createTestSession(chain.address(7))).cookieHeader;
  const u = await createTestSession(chain.address(3));
  cookies.user = u.cookieHeader;
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
});

const opOf = (method: string, path: string) =>
  (doc.paths[path] as Record<string, Op> | undefined)?.[method.toLowerCase()];

/** Calls the route module directly and validates the answer against the document. */
async function call(c: Call): Promise<{ status: number; body: unknown }> {
  const entry = API_ROUTES.find((r) => r.path === c.path);
  if (!entry) throw new Error(`${c.path} is not in the route index`);
  const mod = await entry.load();
  const handler = mod[c.method] as (req: Request, ctx: unknown) => Promise<Response>;
  const origin = config().origin;
  const headers: Record<string, string> = { origin };
  if ((c.as ?? "admin") !== "none") headers.cookie = cookies[c.as ?? "admin"];
  if (c.body !== undefined) headers["content-type"] = "application/json";
  if (c.method !== "GET") headers["idempotency-key"] = `contract-${Math.random().toString(36).slice(2, 12)}`;
  const res = await handler(
    new Request(`${origin}${c.url}`, {
      method: c.method,
      headers,
      body: c.body === undefined ? undefined : JSON.stringify(c.body),
    }),
    { params: Promise.resolve(paramsOf(c.path, c.url)) },
  );
  const text = await res.text();
  const body = text ? JSON.parse(text) : null;
  const op = opOf(c.method, c.path);
  if (!op) throw new Error(`${c.method} ${c.path} is not in the document`);
  const success = Object.entries(op.responses).filter(([s]) => s.startsWith("2"));
  // A route answering 201 for a new row and 200 for a replay documents one success schema.
  const described =
    op.responses[String(res.status)]?.content?.["application/json"]?.schema ??
    (res.ok && success.length === 1 ? success[0]?.[1].content?.["application/json"]?.schema : undefined);
  if (!res.ok) throw new Error(`${c.method} ${c.url} → ${res.status} ${text.slice(0, 300)}`);
  if (!described) throw new Error(`${c.method} ${c.path}: no schema documented for ${res.status}`);
  if (!ajv.validate({ ...described, $defs: doc.components.schemas }, body))
    throw new Error(`${c.method} ${c.url} ${res.status}: ${ajv.errorsText(ajv.errors)}`);
  return { status: res.status, body };
}

function paramsOf(path: string, url: string): Record<string, string> {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  const re = new RegExp(`^${path.replace(/\{[^}]+\}/g, "([^/?]+)").replace(/\./g, "\\.")}(?:\\?|$)`);
  const m = url.match(re);
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m?.[i + 1] ?? "")]));
}

/** A swap pair; `fromToken` first so that an approval makes sense (the native coin needs none). */
const tokenQuery = (fromToken = false) => {
  const from = (fromToken ? ids.otherToken : ids.nativeToken) as string;
  const to = (fromToken ? ids.thirdToken : ids.otherToken) as string;
  return `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
};

/** One real request per documented JSON GET; values come from the seeded data and earlier answers. */
const GETS: Record<string, () => Omit<Call, "method" | "path">> = {
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
  "/api/profile/message": () => ({ url: `/api/profile/message?name=another&address=${user}`, as: "user" }),
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

describe("API contract (issue 17): real answers match the OpenAPI document", () => {
  it("has a case for every documented JSON GET", () => {
    const documented = Object.entries(doc.paths)
      .filter(([p, ops]) => (ops as Record<string, Op>).get && !NOT_JSON.has(p))
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

    const w = (method: Call["method"], path: string, url: string, body?: unknown, as: As = "admin") =>
      call({ method, path, url, body, as });
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
    await publishRound(handle.db, ids.round, {
      env: {
        client: chain.pub,
        account: privateKeyToAccount(ANVIL_KEYS[0] as `0x${string}`),
        chainId: 99199,
      },
    });
  }, 240_000);

  it("every documented JSON GET, with real ids, answers 2xx in its documented shape", async () => {
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
});
