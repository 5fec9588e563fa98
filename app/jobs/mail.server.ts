import {
  deliverMail,
  MAIL_ATTEMPTS,
  onMailQueued,
  strandedMailIds,
} from "~/models/mail/index.server";
import * as messages from "~/messages";
import { defineJob } from "./registry.server";
import { enqueue } from "./runner.server";

/** One outbox message, sent by id; the run's id is the message's, so one message has one run at a time. */
export const deliverMailJob = defineJob(
  "mail.deliver",
  async ({ outboxId }: { outboxId: number }, ctx) => {
    const result = await deliverMail(outboxId, { attempt: ctx.attempt, attempts: MAIL_ATTEMPTS });
    ctx.log(
      result.status === "sent"
        ? messages.mail.deliverSent(outboxId)
        : messages.mail.deliverSkipped(outboxId),
    );
    return result;
  },
);

export function enqueueMailDelivery(outboxId: number) {
  return enqueue(
    deliverMailJob,
    { outboxId },
    { jobId: `mail.deliver:${outboxId}`, attempts: MAIL_ATTEMPTS },
  );
}

/** Hands again the messages whose job was lost (Redis down at queue time, a process stopped mid-send). */
export const sweepMail = defineJob("mail.sweep", async (_payload: Record<string, never>) => {
  const ids = strandedMailIds();
  for (const id of ids) await enqueueMailDelivery(id);
  return { handed: ids.length };
});

export function hasStrandedMail(): boolean {
  return strandedMailIds().length > 0;
}

onMailQueued(async (outboxId) => {
  await enqueueMailDelivery(outboxId);
});
