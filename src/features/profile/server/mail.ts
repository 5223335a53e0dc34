import { type MailSettings, sendMail } from "@/server/mail";

/**
 * Mails the verification link (src/server/mail.ts). Returns false when no SMTP server is configured
 * (SMTP_URL unset): the address is then kept unverified and the UI says so.
 */
export async function sendVerificationMail(
  to: string,
  link: string,
  settings: MailSettings,
): Promise<boolean> {
  return sendMail(
    {
      to,
      subject: `Confirm your email for ${settings.productName}`,
      text: [
        `Someone (hopefully you) added this address to a ${settings.productName} profile.`,
        "",
        `Confirm it by opening this link within 24 hours:`,
        link,
        "",
        "If it was not you, ignore this mail: nothing happens without the link.",
      ].join("\n"),
    },
    settings,
  );
}
