import nodemailer, { type Transporter } from "nodemailer";
import { ProviderError } from "~/integrations/http/client.server";

/**
 * Sends one message with nodemailer: through the SMTP server of `smtpUrl` (smtp:// or smtps://,
 * user and password in the URL), or, without one, built into its RFC 822 text and handed back
 * for the local catcher to keep. Every SMTP failure is a MailError.
 */

export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Kept on every try of one event (see mailMessageId). */
  messageId: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

export type SentMail = { messageId: string; accepted: string[]; raw?: Buffer };

export class MailError extends ProviderError {
  constructor(message: string, details: { status?: number; retryable?: boolean } = {}) {
    super("smtp", message, details);
    this.name = "MailError";
  }
}

/** How long one SMTP conversation may take, its steps each bounded. */
const SMTP_TIMEOUT_MS = 30_000;

const transports = new Map<string, Transporter>();

function smtpTransport(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

const catcherTransport = nodemailer.createTransport({ streamTransport: true, buffer: true });

export async function sendMail(mail: OutgoingMail, smtpUrl: string | undefined): Promise<SentMail> {
  const message = {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    attachments: mail.attachments,
  };
  if (!smtpUrl) {
    const info = await catcherTransport.sendMail(message);
    return { messageId: info.messageId, accepted: [mail.to], raw: info.message as Buffer };
  }
  try {
    const info = await smtpTransport(smtpUrl).sendMail(message);
    return { messageId: info.messageId, accepted: (info.accepted ?? []).map(String) };
  } catch (error) {
    const smtp = error as Error & { responseCode?: number; response?: string };
    throw new MailError(smtp.response || smtp.message, {
      status: smtp.responseCode,
      // 4xx is "try later"; 5xx will be refused again, but a message is worth a few more tries.
      retryable: true,
    });
  }
}

/**
 * Tests start and stop SMTP servers; pooled connections must not outlive them.
 * @internal
 */
export function closeMailTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}
