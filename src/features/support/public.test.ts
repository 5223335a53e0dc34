import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { FaqSection } from "@/features/faq";
import { parseFaq } from "@/features/faq/server";
import { HELP_FAQ_SLUGS, pickHelpFaq } from "./help";
import { LIMITS, PUBLIC_TICKET_BODY_LIMIT, publicIdempotencyKeySchema, ticketCreateSchema } from "./schema";

const item = (slug: string) => ({ slug, question: `Q ${slug}`, answerHtml: "<p>A</p>", answerText: "A" });

describe("pickHelpFaq", () => {
  const sections: FaqSection[] = [
    { slug: "testnet", title: "The testnet", items: [item("what-is-it"), item("which-wallets-can-i-use")] },
    { slug: "security", title: "Security", items: [item("what-will-the-portal-ask-me-to-sign")] },
  ];

  it("picks the help answers in the panel's order from any section", () => {
    expect(pickHelpFaq(sections).map((i) => i.slug)).toEqual([
      "which-wallets-can-i-use",
      "what-will-the-portal-ask-me-to-sign",
    ]);
  });

  it("skips answers deleted in the console and copes with an empty FAQ", () => {
    expect(pickHelpFaq(sections, ["gone", "what-is-it"]).map((i) => i.slug)).toEqual(["what-is-it"]);
    expect(pickHelpFaq([])).toEqual([]);
  });

  it("names questions that exist in the seeded FAQ (content/faq.md)", () => {
    const seeded = new Set(
      parseFaq(readFileSync(path.join(process.cwd(), "content", "faq.md"), "utf8")).map((e) => e.slug),
    );
    for (const slug of HELP_FAQ_SLUGS) expect(seeded, slug).toContain(slug);
  });
});

describe("publicIdempotencyKeySchema", () => {
  it("accepts a UUID and 32 hex digits (the form's two key shapes)", () => {
    expect(publicIdempotencyKeySchema.safeParse(crypto.randomUUID()).success).toBe(true);
    expect(publicIdempotencyKeySchema.safeParse("ab".repeat(16)).success).toBe(true);
  });

  it("refuses short, long or odd keys with a message naming the rule", () => {
    for (const bad of ["", "abc", "a".repeat(31), "a".repeat(101), `${"a".repeat(32)} `, "ä".repeat(40)]) {
      const r = publicIdempotencyKeySchema.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0]?.message).toContain("32 to 100");
    }
  });
});

describe("the signed-out ticket", () => {
  it("needs an email like the signed-in form, with the seed's messages", () => {
    const base = { category: "wallet", subject: "Cannot sign in", message: "Nothing happens when I sign." };
    expect(ticketCreateSchema.safeParse({ ...base }).error?.issues[0]?.message).toBe(
      "This field is required",
    );
    expect(ticketCreateSchema.safeParse({ ...base, email: "nope" }).error?.issues[0]?.message).toBe(
      "Please enter a valid email",
    );
    expect(ticketCreateSchema.safeParse({ ...base, email: "a@b.co" }).success).toBe(true);
  });

  it("bounds the body to fit the longest valid ticket and nothing far beyond", () => {
    const longest = JSON.stringify({
      email: `${"a".repeat(240)}@example.org`,
      category: "wallet",
      subject: "字".repeat(LIMITS.subject.max),
      message: "字".repeat(LIMITS.message.max),
      txHash: `0x${"a".repeat(64)}`,
    });
    expect(new TextEncoder().encode(longest).length).toBeLessThan(PUBLIC_TICKET_BODY_LIMIT);
    expect(PUBLIC_TICKET_BODY_LIMIT).toBeLessThanOrEqual(32 * 1024);
  });
});
