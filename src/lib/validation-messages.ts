import type { z } from "zod";

/** The seed's generic form messages (section 5), shared by client and server validation. */
export const messages = {
  required: "This field is required",
  email: "Please enter a valid email",
  numbers: "This field can only contain numbers",
  integer: "This field can only contain integer values",
  max: (n: number) => `You must enter a maximum of ${n} characters`,
  min: (n: number) => `You must enter a minimum of ${n} characters`,
  format: "Invalid format",
  address: (address: string) => `Address "${address}" is invalid.`,
  sendRequired: "An amount and receiver address are required",
} as const;

/** Picks the seed wording for a zod issue; a schema's own custom message wins. */
export function zodIssueMessage(issue: z.core.$ZodIssue): string {
  // zod's own defaults read "Invalid input…", "Too small…"; anything else was written for this field.
  const isZodDefault =
    !issue.message || /^(Invalid|Too (small|big)|Expected|Unrecognized)/.test(issue.message);
  if (!isZodDefault) return issue.message;
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null ? messages.required : messages.format;
    case "too_small":
      if (issue.origin === "string")
        return Number(issue.minimum) <= 1 ? messages.required : messages.min(Number(issue.minimum));
      return messages.format;
    case "too_big":
      if (issue.origin === "string") return messages.max(Number(issue.maximum));
      return messages.format;
    case "invalid_format":
      if (issue.format === "email") return messages.email;
      return messages.format;
    default:
      return messages.format;
  }
}
