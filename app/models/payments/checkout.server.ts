import { and, eq } from "drizzle-orm";
import { payments } from "~db/schema";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { readGatewayConfig } from "./gateway-config.server";
import { accept, refuse, type Outcome } from "../outcome";
import type { Payment } from "../accounts/subscription.server";
import { atCurrentPrice, invoiceFor } from "./invoice-to-pay.server";
import { CHECKOUT_VALIDITY_DAYS } from "./poller.server";
import {
  findPayment,
  FIRST_CHECK_MS,
  mercadoPago,
  payerOf,
  planNameOf,
  providerMessage,
  type Viewer,
} from "./providers.server";
import { publicOrigin } from "./public-origin.server";

/** Mercado Pago checkout: the invoice's checkout link. */

const m = messages.payments;

/** The invoice's checkout link, creating the preference on first use. Only pending invoices pay. */
export async function startCheckout(
  viewer: Viewer,
  paymentId: number,
  now = new Date(),
): Promise<Outcome<{ initPoint: string; payment: Payment; replaced: Payment | null }>> {
  const found = invoiceFor(viewer, paymentId);
  if (!found.ok) return found;
  const current = await atCurrentPrice(found.value, now);
  const { payment, replaced } = current;
  if (payment.status !== "pending") return refuse("not_active", m.notPayable);
  if (payment.initPoint) return accept({ initPoint: checkoutLink(payment), payment, replaced });
  const gateway = mercadoPago();
  if (!gateway.ok) return refuse("not_configured", m.mercadoPagoUnavailable);
  const origin = publicOrigin();
  if (!origin) return refuse("not_configured", m.publicUrlMissing);
  const back = (outcome: string) => `${origin}/invoices?payment=${outcome}&invoice=${payment.id}`;
  const payer = payerOf(payment.userId);
  try {
    const preference = await gateway.value.client.createPreference({
      externalReference: payment.externalReference,
      title: m.checkoutTitle(planNameOf(payment)),
      amountCents: payment.amountCents,
      payerEmail: payer.email,
      payerName: payer.name,
      notificationUrl:
        gateway.value.config.notificationUrl ||
        `${origin}/api/webhooks/mercadopago?source_news=webhooks`,
      backUrls: { success: back("success"), pending: back("pending"), failure: back("failure") },
      expiresAt: new Date(now.getTime() + CHECKOUT_VALIDITY_DAYS * 86_400_000),
      // One preference per invoice, even when two clicks race: the provider answers the second with the first.
      idempotencyKey: `preference-${payment.externalReference}`,
    });
    db()
      .update(payments)
      .set({
        gateway: "mercadopago",
        checkoutId: preference.id,
        initPoint: preference.initPoint,
        sandboxInitPoint: preference.sandboxInitPoint,
        nextCheckAt: new Date(now.getTime() + 4 * FIRST_CHECK_MS),
        updatedAt: now,
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")))
      .run();
    const saved = findPayment(payment.id)!;
    return accept({ initPoint: checkoutLink(saved), payment: saved, replaced });
  } catch (error) {
    console.error(m.logCheckoutFailed(payment.id), error);
    return refuse("provider_failed", providerMessage(error, m.checkoutFailed));
  }
}

/** Sandbox mode sends buyers to the sandbox checkout (test cards), as Mercado Pago expects. */
export function checkoutLink(payment: Pick<Payment, "initPoint" | "sandboxInitPoint">): string {
  const sandbox = readGatewayConfig("mercadopago")?.sandboxMode ?? false;
  return (sandbox ? payment.sandboxInitPoint : null) ?? payment.initPoint ?? "";
}
