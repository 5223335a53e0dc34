import { config } from "@/server/config";
import { logger } from "@/server/logger";
import { mailSettings, sendMail } from "@/server/mail";
import { ticketReference } from "../format";
import { ticketLinkPath, ticketToken } from "./link";

/**
 * Mails a staff reply to the address given on a ticket opened signed out, with the private link to
 * the thread. Without SMTP_URL nothing is sent (the participant follows the link instead). A mail
 * failure is logged and never undoes the reply, which is already saved and on the page.
 */
export async function mailStaffReply(ticket: {
  id: string;
  email: string;
  subject: string;
  body: string;
}): Promise<boolean> {
  const settings = mailSettings();
  if (!settings.smtpUrl) return false;
  const link = `${config().publicUrl}${ticketLinkPath(ticketToken(ticket.id))}`;
  try {
    return await sendMail(
      {
        to: ticket.email,
        subject: `Re: ${ticket.subject} [ticket ${ticketReference(ticket.id)}]`,
        text: [
          `The ${settings.productName} team answered your support ticket "${ticket.subject}":`,
          "",
          ticket.body,
          "",
          "Read the whole thread and reply here (keep this link private, it opens your ticket):",
          link,
          "",
          "You receive this mail because this address was given when the ticket was opened.",
        ].join("\n"),
      },
      settings,
    );
  } catch (err) {
    logger.warn(
      { err: err instanceof Error ? err.message : String(err), ticket: ticket.id },
      "reply mail failed",
    );
    return false;
  }
}
