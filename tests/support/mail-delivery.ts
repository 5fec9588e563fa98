import { afterAll, beforeAll, beforeEach } from "vitest";
import { mailOutbox, mailSimMessages } from "~db/schema";
import { closeMailTransports } from "~/integrations/mail/client.server";
import { startJobRunner, stopJobRunner } from "~/jobs/index.server";
import { db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { startTestSmtpServer } from "./smtp-server";

type TestSmtp = Awaited<ReturnType<typeof startTestSmtpServer>>;

/**
 * For a test file that proves delivery: a real SMTP server for the whole file, and before each
 * test an empty outbox and catcher, SMTP_URL pointing at the server, and the job runner started
 * (stopped after the file). Call at the top of the file; read the server as `delivery.smtp`.
 */
export function deliverMailToTestSmtp(): { smtp: TestSmtp } {
  const delivery = {} as { smtp: TestSmtp };
  beforeAll(async () => {
    delivery.smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await stopJobRunner();
    closeMailTransports();
    await delivery.smtp.close();
    delete process.env.SMTP_URL;
    resetEnvForTests();
  });
  beforeEach(async () => {
    delivery.smtp.reset();
    db().delete(mailOutbox).run();
    db().delete(mailSimMessages).run();
    process.env.SMTP_URL = `smtp://encaixa:segredo@127.0.0.1:${delivery.smtp.port}`;
    resetEnvForTests();
    await startJobRunner({ worker: true, backoffMs: 20 });
  });
  return delivery;
}
