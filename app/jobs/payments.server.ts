import { hasPaymentsToCheck, reconcilePendingPayments } from "~/models/payments/index.server";
import { defineJob } from "./registry.server";

/**
 * The payment poller as a job: asks the providers about pending invoices that are due (each with
 * its own backoff), expires PIX codes past their time. At-least-once delivery is fine: every
 * change goes through applyPaymentStatus, which applies a status once.
 */
export const reconcilePayments = defineJob(
  "payments.reconcile",
  async (_payload: Record<string, never>, ctx) => {
    const report = await reconcilePendingPayments(new Date());
    ctx.log(
      `${report.checked} faturas verificadas: ${report.approved} aprovadas, ${report.closed} encerradas, ` +
        `${report.stillPending} pendentes, ${report.failed} falhas`,
    );
    return report;
  },
);

export { hasPaymentsToCheck };
