import fs from "node:fs";
import { toHex } from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSession } from "@/features/auth/testing";
import { CLIENT_IP_HEADER, HTTP_ENTRY_ENV } from "@/server/client-ip";
import { openTestApp, type TestApp } from "../../../test/app-env";
import { awayFromWindowEdge } from "../../../test/rate-window";

// Review (bots): names and profile emails were limited per user only, and sign-in allows 30 a minute
// per IP, so one machine with throwaway wallets could take ~1,800 names an hour (each then held for
// the 30-day rename cooldown) or have our SMTP server mail any addresses it chose. The routes now
// count per IP and per subnet too (docs/api.md, "Limits"). Also: names built on a reserved word
// (`aurum-support`, `admin2`) are refused like the word itself. Signatures are plain-key ones,
// recovered locally: no chain is needed.

const SITE = "http://localhost:3000";
type RouteFn = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
let app: TestApp;
let r: { message: RouteFn; register: RouteFn; email: RouteFn };

beforeAll(async () => {
  app = await openTestApp("names-client-limits", {
    PUBLIC_URL: SITE,
    NAMES_ZONE: undefined,
    PRODUCT_NAME: undefined,
    NAMES_DENY_LIST: undefined,
    SMTP_URL: undefined,
    // Served through scripts/serve.ts: the entry's header is the client's address.
    [HTTP_ENTRY_ENV]: "1",
  });
  r = {
    message: (await import("@/app/api/profile/message/route")).GET as unknown as RouteFn,
    register: (await import("@/app/api/profile/account/route")).POST as unknown as RouteFn,
    email: (await import("@/app/api/profile/email/route")).PUT as unknown as RouteFn,
  };
});
afterAll(async () => {
  await app?.close();
});

const params = () => ({ params: Promise.resolve({}) });
type Who = { account: PrivateKeyAccount; cookie: string };

/** A fresh signed-in throwaway wallet. */
async function wallet(): Promise<Who> {
  const account = privateKeyToAccount(toHex(crypto.getRandomValues(new Uint8Array(32))));
  const { cookieHeader } = await createTestSession(account.address);
  return { account, cookie: cookieHeader };
}

/** The modal's three steps (message, personal_sign, POST) from client address `ip`. */
async function register(who: Who, name: string, ip: string): Promise<Response> {
  const headers = { cookie: who.cookie, [CLIENT_IP_HEADER]: ip };
  const res = await r.message(
    new Request(`${SITE}/api/profile/message?name=${name}&address=${who.account.address}`, { headers }),
    params(),
  );
  expect(res.status, `message for ${name}`).toBe(200);
  const m = (await res.json()) as { message: string; coin_type: number };
  const signature = await who.account.signMessage({ message: m.message });
  return r.register(
    new Request(`${SITE}/api/profile/account`, {
      method: "POST",
      headers: { ...headers, origin: SITE, "content-type": "application/json" },
      body: JSON.stringify({
        coin_type: m.coin_type,
        address: who.account.address,
        message: m.message,
        signature,
      }),
    }),
    params(),
  );
}

const saveEmail = async (who: Who, email: string, ip: string) =>
  r.email(
    new Request(`${SITE}/api/profile/email`, {
      method: "PUT",
      headers: {
        cookie: who.cookie,
        [CLIENT_IP_HEADER]: ip,
        origin: SITE,
        "content-type": "application/json",
      },
      body: JSON.stringify({ email }),
    }),
    params(),
  );

let serial = 0;
const uniqueName = () => `bulk${Date.now().toString(36)}n${++serial}`;

describe("names-register per client", () => {
  it("the 6th registration from one IP, each with another wallet, is 429; another IP is fine", async () => {
    await awayFromWindowEdge(86_400, 20_000);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await register(await wallet(), uniqueName(), "198.51.100.20")).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);

    const refused = await register(await wallet(), uniqueName(), "198.51.100.20");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");

    // Another address of the same /24 has a budget of its own (within the subnet's), and so has
    // another network.
    expect((await register(await wallet(), uniqueName(), "198.51.100.21")).status).toBe(201);
    expect((await register(await wallet(), uniqueName(), "203.0.113.9")).status).toBe(201);
  });

  it("one /24 registers at most 20 a day, however many addresses it uses", async () => {
    await awayFromWindowEdge(86_400, 20_000);
    const statuses: number[] = [];
    // 192.0.2.1–.5, four each: 20; then a sixth address of the network.
    for (let host = 1; host <= 5; host++) {
      for (let i = 0; i < 4; i++)
        statuses.push((await register(await wallet(), uniqueName(), `192.0.2.${host}`)).status);
    }
    expect(statuses.every((s) => s === 201)).toBe(true);
    expect((await register(await wallet(), uniqueName(), "192.0.2.6")).status).toBe(429);
    expect((await register(await wallet(), uniqueName(), "192.0.3.6")).status).toBe(201);
  });

  it("names-message: the 61st message in an hour from one IP is 429, whatever the sessions", async () => {
    await awayFromWindowEdge(3600, 20_000);
    const wallets = [await wallet(), await wallet(), await wallet()]; // 20 each: under 30 per user
    const ask = (who: Who, ip: string) =>
      r.message(
        new Request(`${SITE}/api/profile/message?name=${uniqueName()}&address=${who.account.address}`, {
          headers: { cookie: who.cookie, [CLIENT_IP_HEADER]: ip },
        }),
        params(),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await ask(wallets[i % 3] as Who, "198.51.100.80")).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await ask(await wallet(), "198.51.100.80")).status).toBe(429);
    expect((await ask(await wallet(), "203.0.113.80")).status).toBe(200);
  });

  it("docs/api.md's Limits table lists the per-IP and per-subnet rules", () => {
    const doc = fs.readFileSync("docs/api.md", "utf8");
    const row = (prefix: string) => doc.split("\n").find((line) => line.startsWith(prefix)) ?? "";
    expect(row("| `POST /api/profile/account` |")).toContain(
      "`NAMES_IP_LIMIT` (default 5) per day per IP, 4× that per subnet",
    );
    expect(row("| `PUT /api/profile/email` |")).toContain(
      "`PROFILE_EMAIL_IP_LIMIT` (default 10) per day per IP, 3× that per subnet",
    );
    expect(row("| `GET /api/profile/message` |")).toContain("60 per hour per IP, 240 per hour per subnet");
  });
});

describe("profile-email per client", () => {
  it("the 11th save from one IP, each by another wallet, is 429; another IP is fine", async () => {
    await awayFromWindowEdge(86_400, 20_000);
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++)
      statuses.push((await saveEmail(await wallet(), `victim${i}@example.org`, "198.51.100.40")).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await saveEmail(await wallet(), "someone@example.org", "203.0.113.40")).status).toBe(200);
  });
});

describe("names built on a reserved word", () => {
  it("are refused with 400 NAME_RESERVED, as the word itself is", async () => {
    await awayFromWindowEdge(86_400, 20_000);
    for (const [i, name] of ["aurum-support", "admin2"].entries()) {
      const res = await register(await wallet(), name, `198.51.100.${60 + i}`);
      expect(res.status, name).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: "NAME_RESERVED", message: `${name}.aurum is reserved.` },
      });
    }
    // Whole parts only: a word that merely contains one stays free.
    expect((await register(await wallet(), `steamboat${++serial}`, "198.51.100.62")).status).toBe(201);
  });
});
