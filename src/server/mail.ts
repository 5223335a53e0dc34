import "server-only";
import nodemailer from "nodemailer";
import { config } from "./config";

// The one outgoing-mail helper (profile verification links, support replies). Moved here from the
// profile feature so every feature sends through the same bounded SMTP transport.

export type MailSettings = { smtpUrl: string | undefined; from: string; productName: string };

/** SMTP_URL, MAIL_FROM (default `<PRODUCT_NAME> <no-reply@<public host>>`) and the product name. */
export function mailSettings(): MailSettings {
  const c = config();
  return {
    smtpUrl: c.SMTP_URL,
    from: c.MAIL_FROM ?? `${c.PRODUCT_NAME} <no-reply@${new URL(c.publicUrl).hostname}>`,
    productName: c.PRODUCT_NAME,
  };
}

/**
 * Sends one plain-text mail with nodemailer. Returns false when no SMTP server is configured
 * (SMTP_URL unset); throws when the server refuses or does not answer in time.
 */
export async function sendMail(
  message: { to: string; subject: string; text: string },
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
    await transport.sendMail({ from: settings.from, ...message });
    return true;
  } finally {
    transport.close();
  }
}
