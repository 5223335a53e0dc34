import type http from "node:http";
import type { AddressInfo } from "node:net";
import { privateKeyToAccount } from "viem/accounts";
import { expect } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession, type TestSession } from "@/features/auth/testing";
import { resetConfigForTests } from "@/server/config";
import { DocumentCache } from "@/server/document-cache";
import { isSignedInShellMark, RENDER_HEADER } from "@/server/shell-render";
import { parseDocumentSession } from "@/wallet-modal/session-blob";
import { ANVIL_KEYS } from "../scripts/lib/anvil";
import { createHttpEntry } from "../scripts/lib/http-entry";
import { type ShellVisitor, shellSessionOf } from "../scripts/lib/shell-session";
import { testDb } from "./db";
import { suiteValue } from "./suite-value";

/**
 * The set-up of the signed-in shell tests (signed-in-shell.int.test.ts, signed-in-shell-data.int.test.ts):
 * a migrated database (PGlite or PostgreSQL, test/db.ts), two signed-in visitors, and the HTTP entry
 * (scripts/lib/http-entry.ts) with the real session check in front of a stand-in for Next that does
 * what the layout and the pages do: with the entry's mark it renders the shell; otherwise it reads
 * the session from the Cookie header and renders the visitor's own page, or redirects to /connect.
 */
export type Seen = { url: string; cookie: string | undefined; shell: boolean };

type StandIn = {
  /** What follows `<body class="b">`: `who` is null for the shell render (no cookie reaches it). */
  render: (req: http.IncomingMessage, who: ShellVisitor | null) => string | Promise<string>;
  /** The entry's per-visitor page-data loader (scripts/lib/shell-data.ts); none: no data block. */
  dataOf?: (page: string, v: ShellVisitor) => Promise<unknown>;
  /** A slow render, so that concurrent visitors overlap it. */
  delayMs?: number;
  /** The status the page answers with (a page's notFound()); 200 when not given. */
  statusOf?: (url: string) => number;
};

export function shellTestVisitors() {
  const servers: http.Server[] = [];
  const visitors = suiteValue(
    "shellTestVisitors",
    async () => {
      process.env.PUBLIC_URL = "http://localhost:3000";
      process.env.SESSION_SECRET = "s".repeat(64);
      resetConfigForTests();
      const handle = await testDb();
      const alice = await createTestSession(privateKeyToAccount(ANVIL_KEYS[4]).address);
      const bob = await createTestSession(privateKeyToAccount(ANVIL_KEYS[5]).address);
      return { handle, alice, bob };
    },
    async ({ handle }) => {
      for (const s of servers) s.close();
      await handle.close();
    },
  );

  /** Boots the entry and its stand-in Next on a loopback port; `seen` lists what reached Next. */
  async function boot(standIn: StandIn) {
    const seen: Seen[] = [];
    let n = 0;
    const server = createHttpEntry(
      async (req, res) => {
        const shell = isSignedInShellMark(req.headers[RENDER_HEADER] as string | undefined);
        seen.push({ url: req.url ?? "", cookie: req.headers.cookie, shell });
        const nonce = Buffer.from(`render-number-${String(++n).padStart(2, "0")}`).toString("base64");
        if (standIn.delayMs) await new Promise((r) => setTimeout(r, standIn.delayMs));
        const who = shell ? null : await shellSessionOf(req.headers.cookie ?? "");
        if (!shell && !who) {
          res.statusCode = 307;
          res.setHeader("location", `/connect?next=${encodeURIComponent(req.url ?? "/")}`);
          res.end();
          return;
        }
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.setHeader("content-security-policy", `script-src 'nonce-${nonce}' 'strict-dynamic'`);
        res.statusCode = standIn.statusOf?.(req.url ?? "") ?? 200;
        // The head goes out before the page is rendered, as a streamed render sends it: with
        // writeHead() at the first write, as Next's compression middleware does.
        res.writeHead(res.statusCode);
        res.write(`<html><head><script nonce="${nonce}">1</script></head><body class="b">`);
        res.end(await standIn.render(req, who));
      },
      0,
      {
        documentCache: new DocumentCache(60_000),
        sessionCookie: "aurum_session",
        sessionOf: shellSessionOf,
        dataOf: standIn.dataOf,
      },
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
  }

  return {
    get handle(): DbHandle {
      return visitors().handle;
    },
    get alice(): TestSession {
      return visitors().alice;
    },
    get bob(): TestSession {
      return visitors().bob;
    },
    boot,
  };
}

const BLOCKS =
  /<script id="aurum-session" type="application\/json">(.*?)<\/script>(?:<script id="aurum-page-data" type="application\/json">(.*?)<\/script>)?/;

/**
 * One document through the entry: its session block, its page-data block (raw, for the caller's
 * parser) and `page`, the bytes without those blocks and with the nonce replaced, which must be the
 * same for every visitor of a shell.
 */
export async function getShellDocument(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    headers: { "accept-encoding": "identity", ...headers },
    redirect: "manual",
  });
  const body = await res.text();
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  const blocks = BLOCKS.exec(body);
  const page = body.replace(blocks?.[0] ?? "", "");
  return {
    res,
    body,
    nonce,
    session: parseDocumentSession(blocks?.[1]),
    pageDataBlock: blocks?.[2],
    page: nonce ? page.replaceAll(nonce, "NONCE") : page,
  };
}

/** A session cookie with a well-formed but forged signature. */
export const FORGED_SESSION = `aurum_session=${"a".repeat(43)}.${"b".repeat(43)}`;

/** A third visitor's session, signed out: its cookie is well signed but its row is gone. */
export async function signedOutSession(): Promise<TestSession> {
  const gone = await createTestSession(privateKeyToAccount(ANVIL_KEYS[6]).address);
  const { deleteSessionByCookieHeader } = await import("@/features/auth/server/sessions");
  expect(await deleteSessionByCookieHeader(gone.cookieHeader)).toBe(true);
  return gone;
}
