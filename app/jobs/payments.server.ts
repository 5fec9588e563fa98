import { hasPaymentsToCheck, reconcilePendingPayments } from "~/models/payments/index.server";
import * as messages from "~/messages";
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
    ctx.log(messages.jobs.paymentsReconciled(report));
    return report;
  },
);

export { hasPaymentsToCheck };
