import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { zodIssueMessage } from "@/lib/validation-messages";
import { replyFormErrors, rulesResolver, ticketFormErrors } from "./rules";
import { replySchema, ticketCreateSchema } from "./schema";

/** The first message per field of a zod parse, as the forms' old zod resolver showed them. */
function zodErrors(schema: typeof ticketCreateSchema | typeof replySchema, values: unknown) {
  const parsed = schema.safeParse(values);
  const out: Record<string, string> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    out[field] ??= zodIssueMessage(issue);
  }
  return out;
}

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    "",
    "   ",
    "abc",
    " abcd ",
    "a".repeat(121),
    "x".repeat(19),
    "x".repeat(20),
    "y".repeat(5001),
  ),
);
const email = fc.oneof(
  text,
  fc.emailAddress(),
  fc.constantFrom("a@b.co", " a@b.co ", "a@b", "a..b@c.de", ".a@b.de", "a@-b.de", `${"a".repeat(250)}@b.de`),
);
const txHash = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  text,
  fc.constantFrom(
    `0x${"a".repeat(64)}`,
    ` 0x${"F".repeat(64)} `,
    `0x${"g".repeat(64)}`,
    `0x${"a".repeat(63)}`,
  ),
);
const category = fc.oneof(
  fc.constantFrom("", "wallet", "other", "nope", "Wallet"),
  fc.string({ maxLength: 8 }),
);

describe("support form rules (zod-free) against the route handlers' zod schemas", () => {
  it("a ticket: the same fields are invalid, with the same message", () => {
    fc.assert(
      fc.property(fc.record({ email, category, subject: text, message: text, txHash }), (values) => {
        expect(ticketFormErrors(values as never)).toEqual(zodErrors(ticketCreateSchema, values));
      }),
      { numRuns: 2000 },
    );
  });

  it("a reply: the same message", () => {
    fc.assert(
      fc.property(text, (body) => {
        expect(replyFormErrors({ body })).toEqual(zodErrors(replySchema, { body }));
      }),
    );
  });

  it("examples: a valid ticket has no errors; an empty one names every required field", () => {
    const valid = {
      email: "ann@example.org",
      category: "faucet",
      subject: "Claim stuck",
      message: "My faucet claim has been queued for an hour now.",
      txHash: "",
    };
    expect(ticketFormErrors(valid)).toEqual({});
    expect(ticketFormErrors({ email: "", category: "", subject: "", message: "" })).toEqual({
      email: "This field is required",
      category: "This field is required",
      subject: "This field is required",
      message: "This field is required",
    });
  });

  it("the resolver hands react-hook-form the values unchanged, or the errors by field", async () => {
    const resolve = rulesResolver(replyFormErrors);
    const opts = { fields: {}, shouldUseNativeValidation: false } as never;
    expect(await resolve({ body: " hi " }, undefined, opts)).toEqual({
      values: { body: " hi " },
      errors: {},
    });
    expect(await resolve({ body: " " }, undefined, opts)).toEqual({
      values: {},
      errors: { body: { type: "validate", message: "This field is required" } },
    });
  });
});
