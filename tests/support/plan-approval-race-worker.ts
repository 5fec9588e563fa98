// One of the processes racing to approve the same upgrade invoice (the webhook and the poller):
// says it is ready, waits for the go signal, then reports the approval `times` times.
import { applyPaymentStatus } from "../../app/models/payments/payment.server";
import { atStartLine } from "./race";

const [paymentId, amountCents, source, times] = process.argv.slice(2);
atStartLine();
let activated = 0;
for (let i = 0; i < Number(times); i++) {
  const applied = applyPaymentStatus(Number(paymentId), {
    status: "approved",
    source: source as "webhook" | "poll",
    paid: { amountCents: Number(amountCents), currency: "BRL", label: `${source} ${i}` },
  });
  if (applied.ok && applied.value.activated) activated++;
}
process.stdout.write(JSON.stringify({ activated }));
