import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox, mailSimMessages } from "~db/schema";
import { stopJobRunner, waitForJob } from "~/jobs/index.server";
import { queueMail, renderMail } from "~/models/mail/index.server";
import * as messages from "~/messages";
import * as mailSim from "~/routes/simulators/mail-sim.$";
import { db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { call } from "../support/routes";

const open = (rest: string) => call(mailSim.loader, `/mail-sim/${rest}`, { params: { "*": rest } });

async function catchOne(eventKey: string, subject: string) {
  const { id } = await queueMail({
    eventKey,
    kind: "test",
    to: "ana@oficina.com.br",
    ...renderMail({
      subject,
      heading: "Olá <Ana>",
      paragraphs: ["<script>alert(1)</script>"],
      action: { label: "Criar nova senha", url: "http://localhost:3000/redefinir-senha/abc" },
    }),
    attachments: [
      {
        filename: "recibo.pdf",
        contentType: "application/pdf",
        content: Buffer.from("%PDF recibo"),
      },
    ],
  });
  await waitForJob(`mail.deliver:${id}`);
}

beforeEach(() => {
  delete process.env.SMTP_URL;
  resetEnvForTests();
  db().delete(mailOutbox).run();
  db().delete(mailSimMessages).run();
});
afterAll(() => stopJobRunner());

describe("/mail-sim, the local catcher's inbox", () => {
  it("lists the caught messages (to, subject, date), newest first", async () => {
    let response = await open("");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(messages.mail.simEmpty);

    await catchOne("sim:1", "Primeira");
    await catchOne("sim:2", "Segunda & última");
    response = await open("");
    const html = await response.text();
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(html).toContain("ana@oficina.com.br");
    expect(html.indexOf("Segunda &amp; última")).toBeLessThan(html.indexOf("Primeira"));
    expect(html).not.toContain("<script");
  });

  it("shows a message: its HTML sandboxed, its text with the link, its attachment to download", async () => {
    await catchOne("sim:view", "Redefinição");
    const id = db().select().from(mailSimMessages).get()!.id;
    const response = await open(String(id));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(
      /<iframe [^>]*sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="/,
    );
    // The message's own markup is inside the escaped srcdoc, never live on the page.
    expect(html).not.toContain("<script>");
    expect(html).toContain('<a href="http://localhost:3000/redefinir-senha/abc"');
    expect(html).toContain(`/mail-sim/${id}/attachments/0`);

    const file = await open(`${id}/attachments/0`);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="recibo.pdf"');
    expect(await file.text()).toBe("%PDF recibo");
  });

  it("answers 404 for a message or attachment that is not there, and for malformed paths", async () => {
    await catchOne("sim:404", "Uma");
    const id = db().select().from(mailSimMessages).get()!.id;
    for (const rest of ["999999", `${id}/attachments/5`, "abc", "1.5", `${id}/outra`, "-1"])
      expect((await open(rest)).status, rest).toBe(404);
  });

  it("answers 404 in production, where there is no catcher", async () => {
    await catchOne("sim:prod", "Uma");
    const saved = { NODE_ENV: process.env.NODE_ENV, ADMIN_PASSWORD: process.env.ADMIN_PASSWORD };
    Object.assign(process.env, {
      NODE_ENV: "production",
      ADMIN_PASSWORD: "uma-senha-forte-de-teste",
    });
    resetEnvForTests();
    try {
      expect((await open("")).status).toBe(404);
      expect((await open("1")).status).toBe(404);
    } finally {
      process.env.NODE_ENV = saved.NODE_ENV;
      if (saved.ADMIN_PASSWORD === undefined) delete process.env.ADMIN_PASSWORD;
      resetEnvForTests();
    }
  });
});
