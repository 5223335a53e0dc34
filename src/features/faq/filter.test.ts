import { describe, expect, it } from "vitest";
import { countItems, filterFaq, normalizeSearch } from "./filter";
import type { FaqSection } from "./schema";

const item = (slug: string, question: string, answerText: string) => ({
  slug,
  question,
  answerText,
  answerHtml: "",
});
const sections: FaqSection[] = [
  {
    slug: "faucet",
    title: "Faucet",
    items: [
      item(
        "how-much",
        "How much does the faucet give?",
        "1 AURUM, 100 tUSD and 0.05 tETH once every 24 hours.",
      ),
      item("refused", "Why was my claim refused?", "Three claims came from your IP address."),
    ],
  },
  {
    slug: "tx",
    title: "Transactions",
    items: [item("stuck", "My transaction is stuck", "Use Speed up or Cancel; mind the nonce.")],
  },
];

describe("filterFaq", () => {
  it("returns everything for an empty or blank query", () => {
    expect(filterFaq(sections, "")).toBe(sections);
    expect(filterFaq(sections, "   ")).toBe(sections);
  });

  it("matches questions and answers case-insensitively", () => {
    expect(filterFaq(sections, "NONCE").flatMap((s) => s.items.map((i) => i.slug))).toEqual(["stuck"]);
    expect(filterFaq(sections, "aurum").flatMap((s) => s.items.map((i) => i.slug))).toEqual(["how-much"]);
  });

  it("needs every word, in any order, and drops empty sections", () => {
    const r = filterFaq(sections, "claims ip");
    expect(r.map((s) => s.slug)).toEqual(["faucet"]);
    expect(r[0]?.items.map((i) => i.slug)).toEqual(["refused"]);
    expect(filterFaq(sections, "ip nonce")).toEqual([]);
  });

  it("matches the section title", () => {
    expect(countItems(filterFaq(sections, "transactions"))).toBe(1);
  });

  it("ignores diacritics", () => {
    expect(normalizeSearch("Crème")).toBe("creme");
    expect(countItems(filterFaq(sections, "faucét"))).toBe(2);
  });
});
