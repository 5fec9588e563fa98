import { beforeEach, describe, expect, it } from "vitest";
import { mailOutbox } from "~db/schema";
import { claimMail, markMailFailed, markMailSent } from "~/models/mail/index.server";
import * as messages from "~/messages";
import { checkMail } from "~/server/dashboard/system-health.server";
import { db } from "~/utils/db.server";

const m = messages.mail;

function outboxRow(eventKey: string) {
  return db()
    .insert(mailOutbox)
    .values({ eventKey, kind: "test", to: "a@b.com.br", subject: "s", html: "<p>h</p>", text: "t" })
    .returning()
    .get().id;
}

beforeEach(() => {
  db().delete(mailOutbox).run();
});

describe("the Sistema tab's e-mail check", () => {
  it("is OK when every message went out, saying where mail goes", () => {
    markMailSent(outboxRow("h:1"), "<x@y>");
    expect(checkMail()).toMatchObject({
      id: "mail",
      status: "success",
      message: `${m.healthAllSent} · ${m.healthCatcher}`,
    });
  });

  it("warns while a message is being retried, with the server's last answer", () => {
    const id = outboxRow("h:2");
    claimMail(id);
    markMailFailed(id, "451 Tente mais tarde", { final: false });
    const check = checkMail();
    expect(check.status).toBe("warning");
    expect(check.message).toContain(m.healthQueued(1));
    expect(check.message).toContain("451 Tente mais tarde");
  });

  it("is an error when a message ran out of tries, until it is sent", () => {
    const id = outboxRow("h:3");
    claimMail(id);
    markMailFailed(id, "550 Caixa inexistente", { final: true });
    const check = checkMail();
    expect(check.status).toBe("error");
    expect(check.message).toContain(m.healthFailed(1));
    expect(check.message).toContain("550 Caixa inexistente");
    markMailSent(id, "<x@y>");
    expect(checkMail().status).toBe("success");
  });
});
