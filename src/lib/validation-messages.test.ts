import { describe, expect, it } from "vitest";
import { z } from "zod";
import { messages, zodIssueMessage } from "./validation-messages";

const first = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error("expected failure");
  return zodIssueMessage(r.error.issues[0]!);
};

describe("zodIssueMessage", () => {
  it("uses the seed's generic messages", () => {
    expect(first(z.object({ a: z.string() }), {})).toBe(messages.required);
    expect(first(z.string().min(1), "")).toBe(messages.required);
    expect(first(z.string().min(5), "abc")).toBe("You must enter a minimum of 5 characters");
    expect(first(z.string().max(3), "abcd")).toBe("You must enter a maximum of 3 characters");
    expect(first(z.email(), "nope")).toBe("Please enter a valid email");
    expect(first(z.string().regex(/^0x/), "zz")).toBe("Invalid format");
  });
  it("keeps a message written for the field", () => {
    expect(first(z.string().min(5, "Too short for a name"), "a")).toBe("Too short for a name");
    expect(
      first(
        z.string().refine(() => false, "Custom words"),
        "a",
      ),
    ).toBe("Custom words");
  });
});
