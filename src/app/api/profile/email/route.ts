import {
  forgetUnsentToken,
  getProfileEmail,
  profileEmailResponse,
  putEmailBody,
  saveProfileEmail,
  sendVerificationMail,
} from "@/features/profile/server";
import { config } from "@/server/config";
import { logger } from "@/server/logger";
import { dailyPerClient, route } from "@/server/route";

/**
 * The signed-in address's optional email (docs/api.md, "Profile email"). `verificationSent` says a
 * mailed link is still waiting to be opened (it was always false here, so the page said "this portal
 * does not send mail" right after mailing one); `mailEnabled`, whether the portal sends mail at all.
 */
export const GET = route(
  {
    session: "required",
    summary: "The signed-in address's email and whether it is verified",
    response: profileEmailResponse,
  },
  async ({ db, session }) => {
    const c = config();
    const { email, verified, linkPending } = await getProfileEmail(db, session.address);
    const mailEnabled = Boolean(c.SMTP_URL);
    return {
      email,
      verified,
      verificationSent: mailEnabled && linkPending,
      mailEnabled,
      capture: c.EMAIL_CAPTURE,
    };
  },
);

/** Sets or changes the email; mails a verification link when SMTP_URL is set. */
export const PUT = route(
  {
    session: "required",
    body: putEmailBody,
    bodyLimit: 1024,
    // Each save of a new address mails a link to it: per address alone, anyone could have our SMTP
    // server mail addresses of their choosing by signing in with throwaway wallets. Per IP and per
    // subnet too, a little looser than name registration (5/20 a day): an honest user saves again
    // after a typo or to get a fresh link, as the form suggests. IP first, as for names.
    rateLimit: [
      ...dailyPerClient("profile-email", () => config().PROFILE_EMAIL_IP_LIMIT, 3),
      { name: "profile-email", by: "user", limit: 10, windowSeconds: 3600 },
    ],
    summary: "Set the signed-in address's email (unverified until the mailed link is opened)",
    response: profileEmailResponse,
  },
  async ({ db, session, body }) => {
    const c = config();
    const mailEnabled = Boolean(c.SMTP_URL);
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
      // A link nobody received is no pending link: GET must not say "check your inbox" for it.
      if (!verificationSent) await forgetUnsentToken(db, session.address, saved.token);
    }
    return {
      email: body.email,
      verified: saved.verified,
      verificationSent,
      mailEnabled,
      capture: c.EMAIL_CAPTURE,
    };
  },
);
