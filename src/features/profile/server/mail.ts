import nodemailer from "nodemailer";

export type MailSettings = { smtpUrl: string | undefined; from: string; productName: string };

/**
 * Mails the verification link with nodemailer. Returns false when no SMTP server is configured
 * (SMTP_URL unset): the address is then kept unverified and the UI says so.
 */
export async function sendVerificationMail(
  to: string,
  link: string,
  settings: MailSettings,
): Promise<boolean> {
  if (!settings.smtpUrl) return false;
  // The SMTP transport reads `url` and lets the timeouts below override it (bounded waits).
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  try {
    await transport.sendMail({
      from: settings.from,
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
    });
    return true;
  } finally {
    transport.close();
  }
}
