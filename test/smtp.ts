import { SMTPServer } from "smtp-server";

/** An in-process SMTP server on loopback (nodemailer talks real SMTP to it) and the mails it took. */
export type TestSmtp = {
  /** The SMTP_URL that points at it. */
  url: string;
  /** Every mail received, raw (headers and body), in order. */
  mails: string[];
  close(): Promise<void>;
};

export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, done) {
      let text = "";
      stream.on("data", (c: Buffer) => {
        text += c.toString();
      });
      stream.on("end", () => {
        mails.push(text);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
