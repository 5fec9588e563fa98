import { describe, expect, it } from "vitest";
import { compactSentMail, markMailSent, outboxMail, queueMail } from "./outbox.server";

const DAY = 24 * 60 * 60_000;

async function sentMail(eventKey: string, sentDaysAgo: number | null, now: number) {
  const { id } = await queueMail({
    eventKey,
    kind: "payment_approved",
    to: "ana@example.com",
    subject: "Pagamento aprovado",
    html: "<p>Recibo</p>",
    text: "Recibo",
    attachments: [
      { filename: "recibo.pdf", contentType: "application/pdf", content: Buffer.from("%PDF") },
    ],
  });
  if (sentDaysAgo !== null) markMailSent(id, `<${eventKey}@x>`, new Date(now - sentDaysAgo * DAY));
  return id;
}

describe("compactSentMail", () => {
  it("empties the body of messages sent over 30 days ago, keeps their event key, once", async () => {
    const now = Date.now();
    const old = await sentMail("compact:old", 31, now);
    const recent = await sentMail("compact:recent", 1, now);
    const waiting = await sentMail("compact:waiting", null, now);

    expect(compactSentMail(new Date(now))).toBe(1);

    expect(outboxMail(old)).toMatchObject({ status: "sent", html: "", text: "", attachments: [] });
    expect(outboxMail(recent)?.attachments).toHaveLength(1);
    expect(outboxMail(waiting)).toMatchObject({ status: "queued", text: "Recibo" });
    // The key still stands: the event cannot send a second message after compaction.
    expect((await queueMail({ ...outboxMail(old)!, attachments: [] })).queued).toBe(false);
    expect(compactSentMail(new Date(now))).toBe(0);
  });
});
