import * as messages from "~/messages";
import type { MercadoPagoPaymentStatus } from "../client.server";
import { escapeHtml, isRecord } from "../../simulator-server.server";
import { isExpired, SITE_ID, type MercadoPagoStore } from "./store.server";
import type { PaymentOutcome } from "./types";

/**
 * The Mercado Pago simulator's two pages: the checkout a preference's init_point opens, where a
 * person plays the buyer, and the tester's (`_simulador`), to approve, refund or charge back a
 * payment afterwards and resend its notification.
 */

export const TESTER_PATH = "_simulador";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

const TESTER_ACTIONS = {
  approve: "approved",
  reject: "rejected",
  refund: "refunded",
  chargeback: "charged_back",
} as const satisfies Record<string, MercadoPagoPaymentStatus>;

const BACK_URL_OF: Record<PaymentOutcome, "success" | "failure" | "pending"> = {
  approved: "success",
  rejected: "failure",
  pending: "pending",
};

function html(body: string, status = 200): Response {
  const m = messages.mercadoPagoSim;
  const page = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(m.pageTitle)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f5f5f5;color:#222}
header{background:#ffe600;padding:12px 24px;font-weight:700}
main{max-width:960px;margin:24px auto;padding:0 16px}
section{background:#fff;border-radius:8px;padding:16px 20px;margin-bottom:16px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #ddd;vertical-align:top}
form{display:inline}button{margin:2px;padding:8px 14px;border-radius:6px;border:1px solid #009ee3;background:#009ee3;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#009ee3}.note{color:#555;font-size:.9em}ul{margin:0;padding-left:18px}
</style>
</head>
<body>
<header>${escapeHtml(m.pageTitle)}</header>
<main>
<p class="note">${escapeHtml(m.testOnly)}</p>
${body}
</main>
</body>
</html>`;
  return new Response(page, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

function postButton(action: string, label: string, secondary = false): string {
  const style = secondary ? ' class="secondary"' : "";
  return `<form method="post" action="${escapeHtml(action)}"><button type="submit"${style}>${escapeHtml(label)}</button></form>`;
}

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location } });

export function mercadoPagoPages(store: MercadoPagoStore) {
  const { preferencesById, paymentsById, notifications, pay, setStatus, resend } = store;

  function checkoutPage(url: URL, mountPath: string): Response {
    const m = messages.mercadoPagoSim.checkout;
    const preference = preferencesById.get(url.searchParams.get("pref-id") ?? "");
    if (!preference)
      return html(`<section><p>${escapeHtml(m.preferenceNotFound)}</p></section>`, 404);
    const rows = preference.items
      .map(
        (item) =>
          `<tr><td>${escapeHtml(item.title)}${item.description ? `<br><span class="note">${escapeHtml(item.description)}</span>` : ""}</td><td>${escapeHtml(item.quantity)}</td><td>${escapeHtml(brl.format(item.unitPrice))}</td></tr>`,
      )
      .join("");
    const total = preference.items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
    const payAction = (outcome: PaymentOutcome) =>
      `${mountPath}checkout/v1/pay?${new URLSearchParams({ "pref-id": preference.id, outcome })}`;
    const details = [
      preference.payerEmail &&
        `<p>${escapeHtml(m.payer)}: ${escapeHtml(preference.payerEmail)}</p>`,
      preference.externalReference &&
        `<p>${escapeHtml(m.reference)}: ${escapeHtml(preference.externalReference)}</p>`,
      preference.expirationDateTo &&
        `<p>${escapeHtml(m.expiresAt)}: ${escapeHtml(new Date(preference.expirationDateTo).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo" }))}</p>`,
    ]
      .filter(Boolean)
      .join("\n");
    const choices = isExpired(preference)
      ? `<p>${escapeHtml(m.expired)}</p>`
      : `<p>${escapeHtml(m.choose)}</p>
${postButton(payAction("approved"), m.approve)}
${postButton(payAction("rejected"), m.reject, true)}
${postButton(payAction("pending"), m.leavePending, true)}`;
    return html(`<section>
<h1>${escapeHtml(m.heading)}</h1>
<table>
<thead><tr><th>${escapeHtml(m.item)}</th><th>${escapeHtml(m.quantity)}</th><th>${escapeHtml(m.unitPrice)}</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<p><strong>${escapeHtml(m.total)}: ${escapeHtml(brl.format(total))}</strong></p>
${details}
</section>
<section>
${choices}
</section>`);
  }

  async function payFromCheckout(url: URL): Promise<Response> {
    const m = messages.mercadoPagoSim.checkout;
    const preference = preferencesById.get(url.searchParams.get("pref-id") ?? "");
    if (!preference)
      return html(`<section><p>${escapeHtml(m.preferenceNotFound)}</p></section>`, 404);
    const outcome = url.searchParams.get("outcome");
    if (outcome !== "approved" && outcome !== "rejected" && outcome !== "pending") {
      return html(`<section><p>${escapeHtml(m.invalidOutcome)}</p></section>`, 400);
    }
    if (isExpired(preference))
      return html(`<section><p>${escapeHtml(m.expired)}</p></section>`, 400);
    const payment = await pay(preference.id, outcome);
    const backUrl = preference.backUrls[BACK_URL_OF[outcome]];
    if (!backUrl) {
      const status = messages.mercadoPagoSim.statuses[payment.status];
      return html(`<section>
<h1>${escapeHtml(m.done)}</h1>
<p>${escapeHtml(m.doneStatus(payment.id, status))}</p>
<p class="note">${escapeHtml(m.noBackUrl)}</p>
</section>`);
    }
    // The parameters Mercado Pago appends to a back URL, in its order and with its literal "null"s.
    const target = new URL(backUrl);
    const appended: [string, string][] = [
      ["collection_id", payment.id],
      ["collection_status", payment.status],
      ["payment_id", payment.id],
      ["status", payment.status],
      ["external_reference", payment.externalReference ?? "null"],
      ["payment_type", payment.paymentTypeId ?? "null"],
      ["merchant_order_id", String(preference.merchantOrderId)],
      ["preference_id", preference.id],
      ["site_id", SITE_ID],
      ["processing_mode", "aggregator"],
      ["merchant_account_id", "null"],
    ];
    for (const [name, value] of appended) target.searchParams.append(name, value);
    return seeOther(target.toString());
  }

  function testerPage(mountPath: string): Response {
    const m = messages.mercadoPagoSim.tester;
    const preferenceRows = [...preferencesById.values()]
      .reverse()
      .map((preference) => {
        const total = preference.items.reduce((sum, i) => sum + i.quantity * i.unitPrice, 0);
        return `<tr><td>${escapeHtml(preference.id)}</td><td>${escapeHtml(preference.externalReference)}</td><td>${escapeHtml(preference.items[0]?.title)}</td><td>${escapeHtml(brl.format(total))}</td><td><a href="${escapeHtml(preference.initPoint)}">${escapeHtml(m.openCheckout)}</a></td></tr>`;
      })
      .join("\n");
    const paymentRows = [...paymentsById.values()]
      .reverse()
      .map((payment) => {
        const deliveries = notifications.filter((delivery) => delivery.paymentId === payment.id);
        const webhooks = deliveries.length
          ? `<ul>${deliveries
              .map((delivery) => {
                const action = isRecord(delivery.body) ? String(delivery.body.action) : "";
                return `<li>${escapeHtml(delivery.status === null ? m.unanswered(action) : m.answered(action, delivery.status))}</li>`;
              })
              .join("")}</ul>`
          : escapeHtml(
              preferencesById.get(payment.preferenceId)?.notificationUrl
                ? m.noWebhooks
                : m.noNotificationUrl,
            );
        const action = (name: string) =>
          `${mountPath}${TESTER_PATH}/${encodeURIComponent(payment.id)}/${name}`;
        return `<tr>
<td>${escapeHtml(payment.id)}</td>
<td>${escapeHtml(payment.externalReference)}</td>
<td>${escapeHtml(brl.format(payment.transactionAmount))}</td>
<td>${escapeHtml(messages.mercadoPagoSim.statuses[payment.status])}<br><span class="note">${escapeHtml(payment.statusDetail)}</span></td>
<td>${escapeHtml(payment.paymentMethodId)}</td>
<td>${webhooks}</td>
<td>${postButton(action("approve"), m.approve)}${postButton(action("reject"), m.reject, true)}${postButton(action("refund"), m.refund, true)}${postButton(action("chargeback"), m.chargeback, true)}${postButton(action("resend"), m.resend, true)}</td>
</tr>`;
      })
      .join("\n");
    return html(`<section>
<h1>${escapeHtml(m.heading)}</h1>
<p class="note">${escapeHtml(m.intro)}</p>
${
  paymentRows
    ? `<table>
<thead><tr><th>${escapeHtml(m.id)}</th><th>${escapeHtml(m.reference)}</th><th>${escapeHtml(m.amount)}</th><th>${escapeHtml(m.status)}</th><th>${escapeHtml(m.method)}</th><th>${escapeHtml(m.webhooks)}</th><th>${escapeHtml(m.actions)}</th></tr></thead>
<tbody>
${paymentRows}
</tbody>
</table>`
    : `<p>${escapeHtml(m.noPayments)}</p>`
}
</section>
<section>
<h2>${escapeHtml(m.preferencesHeading)}</h2>
${
  preferenceRows
    ? `<table>
<thead><tr><th>${escapeHtml(m.id)}</th><th>${escapeHtml(m.reference)}</th><th>${escapeHtml(m.title)}</th><th>${escapeHtml(m.amount)}</th><th></th></tr></thead>
<tbody>
${preferenceRows}
</tbody>
</table>`
    : `<p>${escapeHtml(m.noPreferences)}</p>`
}
</section>`);
  }

  async function testerAction(
    paymentId: string,
    action: string,
    mountPath: string,
  ): Promise<Response> {
    const m = messages.mercadoPagoSim.tester;
    if (!paymentsById.has(paymentId))
      return html(`<section><p>${escapeHtml(m.paymentNotFound)}</p></section>`, 404);
    if (action === "resend") await resend(paymentId);
    else if (Object.hasOwn(TESTER_ACTIONS, action))
      await setStatus(paymentId, TESTER_ACTIONS[action as keyof typeof TESTER_ACTIONS]);
    else return html(`<section><p>${escapeHtml(m.unknownAction)}</p></section>`, 404);
    return seeOther(`${mountPath}${TESTER_PATH}`);
  }

  return { checkoutPage, payFromCheckout, testerPage, testerAction };
}
