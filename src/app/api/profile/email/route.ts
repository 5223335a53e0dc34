import {
  getProfileEmail,
  profileEmailResponse,
  putEmailBody,
  saveProfileEmail,
  sendVerificationMail,
} from "@/features/profile/server";
import { config } from "@/server/config";
import { logger } from "@/server/logger";
import { route } from "@/server/route";

/** The signed-in address's optional email (docs/api.md, "Profile email"). */
export const GET = route(
  {
    session: "required",
    summary: "The signed-in address's email and whether it is verified",
    response: profileEmailResponse,
  },
  async ({ db, session }) => {
    const current = await getProfileEmail(db, session.address);
    return { ...current, verificationSent: false, capture: config().EMAIL_CAPTURE };
  },
);

/** Sets or changes the email; mails a verification link when SMTP_URL is set. */
export const PUT = route(
  {
    session: "required",
    body: putEmailBody,
    bodyLimit: 1024,
    rateLimit: { name: "profile-email", by: "user", limit: 10, windowSeconds: 3600 },
    summary: "Set the signed-in address's email (unverified until the mailed link is opened)",
    response: profileEmailResponse,
  },
  async ({ db, session, body }) => {
    const c = config();
    const saved = await saveProfileEmail(db, session.address, body.email);
    let verificationSent = false;
    if (saved.token) {
      const link = `${c.publicUrl}/api/profile/email/verify?token=${saved.token}`;
      try {
        verificationSent = await sendVerificationMail(body.email, link, {
          smtpUrl: c.SMTP_URL,
          from: c.MAIL_FROM ?? `${c.PRODUCT_NAME} <no-reply@${new URL(c.publicUrl).hostname}>`,
          productName: c.PRODUCT_NAME,
        });
      } catch (err) {
        // The email is saved (unverified); the answer says no mail went out, the user can save again.
        logger.warn({ err: err instanceof Error ? err.message : String(err) }, "verification mail failed");
      }
    }
    return { email: body.email, verified: saved.verified, verificationSent, capture: c.EMAIL_CAPTURE };
  },
);
