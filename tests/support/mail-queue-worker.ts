// One of the processes of the mail race: says it is ready, waits for the go signal, then queues
// the same event's message (its own connection to the shared database, jobs inline) and prints
// whether it queued it, after its job has finished. With the event key "plan-ending" it runs the
// plan-ending notices instead (ADR 0047): whatever is due, each notice once.
import { startJobRunner, stopJobRunner } from "../../app/jobs/index.server";
import { outboxHealth, queueMail, renderMail } from "../../app/models/mail/index.server";
import { queuePlanEndingNotices } from "../../app/models/notifications/index.server";
import { atStartLine } from "./race";

const [eventKey, to] = process.argv.slice(2);
outboxHealth(); // opens the database before the start line
await startJobRunner({ worker: true, backoffMs: 50 });
atStartLine();
const queued =
  eventKey === "plan-ending"
    ? (await queuePlanEndingNotices()).queued > 0
    : (
        await queueMail({
          eventKey: eventKey!,
          kind: "test",
          to: to!,
          ...renderMail({
            subject: "Corrida",
            heading: "Corrida",
            paragraphs: [String(process.pid)],
          }),
        })
      ).queued;
await stopJobRunner();
process.stdout.write(`\nRESULT ${JSON.stringify({ queued })}\n`);
