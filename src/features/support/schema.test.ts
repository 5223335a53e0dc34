import { describe, expect, it } from "vitest";
import { idempotencyKeySchema, replySchema, ticketCreateSchema } from "./schema";

const valid = {
  email: "ada@example.org",
  category: "faucet",
  subject: "Faucet says wait",
  message: "I claimed yesterday and it still says I have to wait.",
  txHash: "",
};

function firstError(input: unknown): { path: string; message: string } | null {
  const r = ticketCreateSchema.safeParse(input);
  if (r.success) return null;
  const issue = r.error.issues[0];
  return { path: issue?.path.join(".") ?? "", message: issue?.message ?? "" };
}

describe("ticketCreateSchema", () => {
  it("accepts a valid ticket, trims text and maps an empty tx hash to null", () => {
    const r = ticketCreateSchema.parse({ ...valid, subject: "  Faucet says wait  " });
    expect(r.subject).toBe("Faucet says wait");
    expect(r.txHash).toBeNull();
  });

  it("lower-cases a valid tx hash; a missing one is null", () => {
    const hash = `0x${"AB".repeat(32)}`;
    expect(ticketCreateSchema.parse({ ...valid, txHash: hash }).txHash).toBe(hash.toLowerCase());
    const { txHash: _, ...noHash } = valid;
    expect(ticketCreateSchema.parse(noHash).txHash).toBeNull();
  });

  it.each([
    [{ email: "" }, "email", "This field is required"],
    [{ email: undefined }, "email", "This field is required"],
    [{ email: "not-an-email" }, "email", "Please enter a valid email"],
    [{ email: `${"a".repeat(250)}@x.org` }, "email", "You must enter a maximum of 254 characters"],
    [{ category: "" }, "category", "This field is required"],
    [{ category: "billing" }, "category", "Invalid format"],
    [{ subject: "" }, "subject", "This field is required"],
    [{ subject: "   " }, "subject", "This field is required"],
    [{ subject: "abc" }, "subject", "You must enter a minimum of 4 characters"],
    [{ subject: "x".repeat(121) }, "subject", "You must enter a maximum of 120 characters"],
    [{ message: "too short" }, "message", "You must enter a minimum of 20 characters"],
    [{ message: "x".repeat(5001) }, "message", "You must enter a maximum of 5000 characters"],
    [{ txHash: "0x123" }, "txHash", "Invalid format"],
    [{ txHash: `0x${"g".repeat(64)}` }, "txHash", "Invalid format"],
    [{ txHash: "a".repeat(66) }, "txHash", "Invalid format"],
  ])("%o → %s: %s", (patch, path, message) => {
    expect(firstError({ ...valid, ...patch })).toEqual({ path, message });
  });

  it("accepts the exact limits", () => {
    expect(firstError({ ...valid, subject: "x".repeat(120), message: "y".repeat(5000) })).toBeNull();
    expect(firstError({ ...valid, subject: "abcd", message: "y".repeat(20) })).toBeNull();
  });
});

describe("replySchema", () => {
  it("requires text and caps it", () => {
    expect(replySchema.safeParse({ body: " " }).error?.issues[0]?.message).toBe("This field is required");
    expect(replySchema.safeParse({ body: "x".repeat(5001) }).error?.issues[0]?.message).toBe(
      "You must enter a maximum of 5000 characters",
    );
    expect(replySchema.parse({ body: " thanks " }).body).toBe("thanks");
  });
});

describe("idempotencyKeySchema", () => {
  it("accepts UUIDs and rejects junk", () => {
    expect(idempotencyKeySchema.safeParse(crypto.randomUUID()).success).toBe(true);
    expect(idempotencyKeySchema.safeParse("short").success).toBe(false);
    expect(idempotencyKeySchema.safeParse("has spaces in it").success).toBe(false);
  });
});

describe("database enums", () => {
  it("match the schema's categories and statuses", async () => {
    const db = await import("@/db/schema/content");
    const { SUPPORT_CATEGORIES, TICKET_STATUSES } = await import("./schema");
    expect([...db.SUPPORT_CATEGORIES]).toEqual([...SUPPORT_CATEGORIES]);
    expect([...db.TICKET_STATUSES]).toEqual([...TICKET_STATUSES]);
  });
});
