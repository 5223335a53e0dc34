import { z } from "zod";

/** The seed's generic form messages used by the email field. */
export const EMAIL_MESSAGES = {
  required: "This field is required",
  invalid: "Please enter a valid email",
  tooLong: "You must enter a maximum of 254 characters",
} as const;

/** One schema for the DataCapture form, the profile page and PUT /api/profile/email. */
export const emailSchema = z
  .string({ error: EMAIL_MESSAGES.required })
  .trim()
  .min(1, EMAIL_MESSAGES.required)
  .max(254, EMAIL_MESSAGES.tooLong)
  .pipe(z.email({ error: EMAIL_MESSAGES.invalid }))
  .transform((e) => e.toLowerCase());

export const putEmailBody = z.object({ email: emailSchema });

export type ProfileEmail = {
  email: string | null;
  verified: boolean;
  /**
   * A verification link was mailed and still works: on PUT, for this save; on GET, an unexpired
   * link from an earlier save (so the profile page can say "check your inbox" after a reload).
   */
  verificationSent: boolean;
  /** The portal sends mail at all (SMTP configured); without it the email stays unverified. */
  mailEnabled: boolean;
  capture: "off" | "optional" | "required";
};

export const profileEmailResponse = z.object({
  email: z.string().nullable(),
  verified: z.boolean(),
  verificationSent: z.boolean(),
  mailEnabled: z.boolean(),
  capture: z.enum(["off", "optional", "required"]),
});
