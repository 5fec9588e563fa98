import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { envelopeTo: string[]; parsed: ParsedMail };

/**
 * A real SMTP server on a free local port, for the tests that prove delivery: it accepts any
 * sign-in, keeps every message it accepts (parsed), and refuses the next `refuse` DATA commands
 * with a 451 ("try later") first, as a busy server would.
 */
export async function startTestSmtpServer() {
  const received: ReceivedMail[] = [];
  const state = { refusals: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: "encaixa" }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (state.refusals > 0) {
          state.refusals--;
          callback(Object.assign(new Error("Tente mais tarde"), { responseCode: 451 }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then((parsed) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    port,
    received,
    /** The next `count` messages are refused with a 451. */
    refuse(count: number) {
      state.refusals = count;
    },
    /** Forgets what was received and any refusals still pending. */
    reset() {
      received.length = 0;
      state.refusals = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
