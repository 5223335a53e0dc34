import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountNames } from "@/db/schema";
import { createTestSession } from "@/features/auth/testing";
import { nameSkeleton } from "@/features/names/rules";
import { openTestApp, type TestApp } from "../../../test/app-env";

// Regression (review, names): reserved names exist so nobody can pose as the operator
// (server/reserved.ts). Yet for a reserved name the availability endpoint the modal calls as you type
// (`GET /api/profile/suggestions/admin`) offered "Free alternatives" built on the reserved word —
// admin2.aurum, admin3.aurum, admin-aurum.aurum, admin26.aurum, the-admin.aurum — as one-click
// buttons. The POST of the same name (400 NAME_RESERVED) offers none. Also: `the-`, `real-`, `-hq`
// and `-dev` alternatives of a TAKEN name read as its official holder, so they are no longer offered.

const SITE = "http://localhost:3000";
type RouteFn = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
let app: TestApp;
let suggestions: RouteFn;

beforeAll(async () => {
  app = await openTestApp("names-reserved-suggestions", {
    PUBLIC_URL: SITE,
    NAMES_ZONE: undefined,
    PRODUCT_NAME: undefined,
  });
  suggestions = (await import("@/app/api/profile/suggestions/[name]/route")).GET as unknown as RouteFn;
});
afterAll(async () => {
  await app?.close();
});

describe("suggestions for a reserved name", () => {
  it("offers no alternatives built on the reserved word", async () => {
    const offered: Record<string, string[]> = {};
    for (const word of ["admin", "support", "moderator"]) {
      const res = await suggestions(new Request(`${SITE}/api/profile/suggestions/${word}`), {
        params: Promise.resolve({ name: word }),
      });
      const body = (await res.json()) as { available: boolean; reason: string; suggestions: string[] };
      expect(body.reason).toBe(`${word}.aurum is reserved.`);
      offered[word] = body.suggestions.filter((s) => s.includes(word));
    }
    expect(offered).toEqual({ admin: [], support: [], moderator: [] });
  });

  it("offers only neutral alternatives to a taken name, none containing a reserved word", async () => {
    // Taken names, written directly: this test is about the suggestions, not the registration.
    for (const [i, name] of ["quartz", "myadmin"].entries()) {
      const address = `0x${String(i + 1).padStart(40, "0")}` as const;
      const { user } = await createTestSession(address);
      await app.handle.db.insert(accountNames).values({
        name,
        skeleton: nameSkeleton(name),
        address,
        userId: user.id,
        coinType: 2147582847,
        message: "m",
        signature: "0x",
      });
    }
    const ask = async (word: string) =>
      (await (
        await suggestions(new Request(`${SITE}/api/profile/suggestions/${word}`), {
          params: Promise.resolve({ name: word }),
        })
      ).json()) as { available: boolean; suggestions: string[] };

    const quartz = await ask("quartz");
    expect(quartz.available).toBe(false);
    expect(quartz.suggestions.length).toBe(5);
    for (const s of quartz.suggestions) expect(s).toMatch(/^quartz(\d+|-x)\.aurum$/);
    // Built on a reserved word (`admin` inside `myadmin`): nothing to offer with one click.
    expect((await ask("myadmin")).suggestions).toEqual([]);
  });
});
