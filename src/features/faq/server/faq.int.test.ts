import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as faqRoute } from "@/app/api/faq/route";
import type { DbHandle } from "@/db/client";
import { apiRequest, configureForTests, signedInUser, type TestUser } from "@/features/support/testing";
import { testDb } from "../../../../test/db";
import type { FaqSection } from "../schema";
import { listFaq } from "./queries";
import { FAQ_FILE, seedFaq } from "./seed";

/** Route handlers without path parameters still take Next's context. */
const NO_PARAMS = { params: Promise.resolve({}) };

let handle: DbHandle;
let user: TestUser;
let file: string;

const FAQ = `# FAQ

## Faucet

### How much does the faucet give?

1 AURUM a day.

### Why was my claim refused?

You claimed **less than 24 h** ago.

## Security

### What will you ask me to sign?

Only the sign-in message. <script>alert(1)</script>
`;

beforeAll(async () => {
  handle = await testDb();
  configureForTests();
  user = await signedInUser(handle.db);
  file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "aurum-faq-")), "faq.md");
  fs.writeFileSync(file, FAQ);
});
afterAll(async () => {
  await handle?.close();
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

describe("seedFaq", () => {
  it("seeds once and is idempotent", async () => {
    expect(await seedFaq(handle.db, file)).toEqual({ inserted: 3, updated: 0, unchanged: 0, unpublished: 0 });
    expect(await seedFaq(handle.db, file)).toEqual({ inserted: 0, updated: 0, unchanged: 3, unpublished: 0 });
    const sections = await listFaq(handle.db);
    expect(sections.map((s) => [s.title, s.items.map((i) => i.slug)])).toEqual([
      ["Faucet", ["how-much-does-the-faucet-give", "why-was-my-claim-refused"]],
      ["Security", ["what-will-you-ask-me-to-sign"]],
    ]);
    expect(sections[1]?.items[0]?.answerHtml).not.toContain("<script");
  });

  it("updates an edited answer and unpublishes a removed question", async () => {
    fs.writeFileSync(
      file,
      FAQ.replace("1 AURUM a day.", "1 AURUM, 100 tUSD and 0.05 tETH a day.").replace(
        /### Why was[\s\S]*?ago\.\n/,
        "",
      ),
    );
    expect(await seedFaq(handle.db, file)).toMatchObject({ updated: 2, unpublished: 1 });
    const sections = await listFaq(handle.db);
    expect(sections[0]?.items).toHaveLength(1);
    expect(sections[0]?.items[0]?.answerText).toBe("1 AURUM, 100 tUSD and 0.05 tETH a day.");
  });

  it("seeds the real content/faq.md with the facts the brief requires", async () => {
    await seedFaq(handle.db, FAQ_FILE);
    const text = JSON.stringify(await listFaq(handle.db));
    for (const fact of [
      "99199",
      "AURUM",
      "18 decimals",
      "Add to wallet",
      "once every 24 hours",
      "3 claims per 24 hours",
      "0.05 tETH",
      "8-character",
      "10 %",
      "nonce",
      "Speed up",
    ]) {
      expect(text).toContain(fact);
    }
  });
});

describe("GET /api/faq", () => {
  it("filters by q and needs a session", async () => {
    const res = await faqRoute(apiRequest("/api/faq?q=speed%20up", { user }), NO_PARAMS);
    expect(res.status).toBe(200);
    const { sections } = (await res.json()) as { sections: FaqSection[] };
    expect(sections.flatMap((s) => s.items.map((i) => i.slug))).toContain(
      "my-transaction-is-stuck-as-pending-what-do-i-do",
    );
    expect((await faqRoute(apiRequest("/api/faq"), NO_PARAMS)).status).toBe(401);
    expect((await faqRoute(apiRequest(`/api/faq?q=${"x".repeat(101)}`, { user }), NO_PARAMS)).status).toBe(
      400,
    );
  });
});
