import { describe, expect, it } from "vitest";
import { mailOutbox } from "~db/schema";
import {
  caughtMailRaw,
  caughtMails,
  outboxHealth,
  outboxMail,
  queueMail,
  renderMail,
} from "~/models/mail/index.server";
import * as messages from "~/messages";
import { db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { simpleParser } from "mailparser";
import { deliverMailToTestSmtp } from "../../tests/support/mail-delivery";
import { waitForJob } from "./index.server";
import { race } from "../../tests/support/race";

const delivery = deliverMailToTestSmtp();

const welcome = (eventKey: string, attachments = true) => ({
  eventKey,
  kind: "test",
  to: "cliente@oficina.com.br",
  ...renderMail({
    subject: "Seu recibo",
    heading: "Pagamento aprovado",
    paragraphs: ["Olá, Ana!", "Recebemos o seu pagamento."],
    action: { label: "Ver fatura", url: "http://localhost:3000/invoices/1" },
  }),
  attachments: attachments
    ? [
        {
          filename: "recibo.pdf",
          contentType: "application/pdf",
          content: Buffer.from("%PDF-1.4 recibo"),
        },
      ]
    : [],
});

const runOf = (id: number) => waitForJob(`mail.deliver:${id}`);

describe("the mail job, against a real SMTP server", () => {
  it("delivers a queued message with its HTML and text parts in pt-BR and its attachment", async () => {
    const { id, queued } = await queueMail(welcome("test:deliver"));
    expect(queued).toBe(true);
    expect((await runOf(id)).status).toBe("completed");

    expect(delivery.smtp.received).toHaveLength(1);
    const [mail] = delivery.smtp.received;
    expect(mail!.envelopeTo).toEqual(["cliente@oficina.com.br"]);
    expect(mail!.parsed.subject).toBe("Seu recibo");
    expect(mail!.parsed.from?.text).toContain("nao-responda@encaixa.local");
    expect(mail!.parsed.html).toContain('lang="pt-BR"');
    expect(mail!.parsed.html).toContain("Pagamento aprovado");
    expect(mail!.parsed.text).toContain("Recebemos o seu pagamento.");
    expect(mail!.parsed.text).toContain("Ver fatura: http://localhost:3000/invoices/1");
    expect(
      mail!.parsed.attachments.map((a) => [a.filename, a.contentType, a.content.toString()]),
    ).toEqual([["recibo.pdf", "application/pdf", "%PDF-1.4 recibo"]]);
    const row = outboxMail(id)!;
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(mail!.parsed.messageId).toBe(row.messageId);
    expect(outboxHealth()).toEqual({ queued: 0, failed: 0, lastFailure: null });
  });

  it("retries a delivery the server refuses (451) and then sends it, once", async () => {
    delivery.smtp.refuse(2);
    const { id } = await queueMail(welcome("test:refused", false));
    expect((await runOf(id)).status).toBe("completed");
    expect(delivery.smtp.received).toHaveLength(1);
    expect(outboxMail(id)).toMatchObject({ status: "sent", attempts: 3, lastError: null });
  });

  it("keeps a message the server always refuses as failed, its error on the dashboard", async () => {
    delivery.smtp.refuse(100);
    const { id } = await queueMail(welcome("test:always-refused", false));
    expect((await runOf(id)).status).toBe("failed");
    expect(delivery.smtp.received).toHaveLength(0);
    const row = outboxMail(id)!;
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(6);
    expect(row.lastError).toContain("451");
    expect(outboxHealth()).toMatchObject({
      queued: 0,
      failed: 1,
      lastFailure: { error: row.lastError },
    });
  });

  it("sends one message when one event is queued twice", async () => {
    const first = await queueMail(welcome("test:twice", false));
    const second = await queueMail(welcome("test:twice", false));
    expect(second).toEqual({ id: first.id, queued: false });
    await runOf(first.id);
    expect(delivery.smtp.received).toHaveLength(1);
  });

  it("sends one message when two OS processes queue the same event at the same instant", async () => {
    const outputs = await race(
      "mail-queue-worker.ts",
      [1, 2, 3].map(() => ["test:race", "corrida@oficina.com.br"]),
    );
    const outcomes = outputs.map(
      (out) => JSON.parse(/^RESULT (.*)$/m.exec(out)![1]!) as { queued: boolean },
    );
    expect(outcomes.filter((o) => o.queued)).toHaveLength(1);
    expect(delivery.smtp.received).toHaveLength(1);
    expect(delivery.smtp.received[0]!.envelopeTo).toEqual(["corrida@oficina.com.br"]);
    expect(db().select().from(mailOutbox).all()).toHaveLength(1);
  }, 90_000);
});

describe("the local catcher (no SMTP_URL)", () => {
  it("keeps the whole message, readable by /mail-sim, and marks it sent", async () => {
    delete process.env.SMTP_URL;
    resetEnvForTests();
    const { id } = await queueMail(welcome("test:catcher"));
    expect((await runOf(id)).status).toBe("completed");
    expect(delivery.smtp.received).toHaveLength(0);
    expect(outboxMail(id)!.status).toBe("sent");
    const [caught] = caughtMails();
    expect(caught).toMatchObject({ to: "cliente@oficina.com.br", subject: "Seu recibo" });
    const parsed = await simpleParser(caughtMailRaw(caught!.id)!.raw);
    expect(parsed.html).toContain("Pagamento aprovado");
    expect(parsed.text).toContain("Recebemos o seu pagamento.");
    expect(parsed.attachments[0]?.filename).toBe("recibo.pdf");
  });

  it("is off in production: the message fails with a pt-BR reason instead", async () => {
    delete process.env.SMTP_URL;
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    process.env.ADMIN_PASSWORD = "uma-senha-forte-de-teste";
    process.env.COOKIE_SECURE = "true";
    resetEnvForTests();
    try {
      const { id } = await queueMail(welcome("test:production", false));
      expect((await runOf(id)).status).toBe("failed");
      expect(outboxMail(id)!.lastError).toBe(messages.mail.noSmtpInProduction);
      expect(caughtMails()).toEqual([]);
    } finally {
      process.env.NODE_ENV = before;
      delete process.env.ADMIN_PASSWORD;
      delete process.env.COOKIE_SECURE;
      resetEnvForTests();
    }
  });
});
