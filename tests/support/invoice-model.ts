import { eq } from "drizzle-orm";
import { activity, payments, subscriptions } from "~db/schema";
import type { PaidEvidence } from "~/models/payments/payment.server";
import { subscribe } from "~/models/accounts/subscription.server";
import { db } from "~/utils/db.server";
import { accepted, createFreePlan, createPlan, createUser } from "./factories";

/** An invoice's life in the payments models' tests: a pending invoice, what a provider paid, the rows. */

export async function pendingInvoice(priceCents = 4990) {
  createFreePlan();
  const plan = createPlan({ priceCents, creditsPerMonth: 6000 });
  const { user } = await createUser();
  const result = accepted(subscribe({ userId: user.id, planId: plan.id, paymentMethod: "pix" }));
  if (result.kind !== "payment_required") throw new Error("expected an invoice");
  return { user, plan, payment: result.payment, subscriptionId: result.subscription.id };
}

/** What a provider says was paid: by default, exactly the test invoices' R$ 49,90 in BRL. */
export const paid = (change: Partial<PaidEvidence> = {}): PaidEvidence => ({
  amountCents: 4990,
  currency: "BRL",
  label: "Provedor de teste, pagamento T1",
  ...change,
});

export const paymentRow = (id: number) =>
  db().select().from(payments).where(eq(payments.id, id)).get()!;
export const subscriptionRow = (id: number) =>
  db().select().from(subscriptions).where(eq(subscriptions.id, id)).get()!;
/** A user's subscriptions, oldest first. */
export const subscriptionsOf = (userId: number) =>
  db()
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(subscriptions.id)
    .all();
export const activations = (paymentId: number) =>
  db()
    .select()
    .from(activity)
    .where(eq(activity.entityId, String(paymentId)))
    .all()
    .filter((a) => a.action.includes("aprovado")).length;
