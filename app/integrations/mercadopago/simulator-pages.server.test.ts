import { afterEach, describe, expect, it } from "vitest";
import * as messages from "~/messages";
import { paymentSimulatorCredentials } from "../payment-simulators.server";
import { createMercadoPagoSimulator, embeddedMercadoPagoSimulator } from "./simulator.server";
import {
  ACCESS_TOKEN,
  clientFor,
  preferenceInput,
  simulator,
  stopSimulators,
  useWebhookReceiver,
} from "./test-support";

afterEach(stopSimulators);

describe("Mercado Pago client against the simulator", () => {
  const receiver = useWebhookReceiver();

  it("pays through the checkout page and returns to the back URL with Mercado Pago's parameters", async () => {
    const { sim, baseUrl } = await simulator();
    const preference = await clientFor(baseUrl).createPreference(
      preferenceInput({
        title: 'Plano <script>alert("x")</script>',
        externalReference: "inv_page",
        notificationUrl: receiver.url,
      }),
    );
    const page = await fetch(preference.initPoint);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const markup = await page.text();
    expect(markup).toContain("Mercado Pago — simulador");
    expect(markup).toContain("Plano &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(markup).not.toContain("<script>");
    expect(markup).toMatch(/R\$\s49,90/);
    for (const label of ["Pagar (aprovado)", "Recusar", "Deixar pendente"]) {
      expect(markup).toContain(`>${label}</button>`);
    }
    const actions = [...markup.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) =>
      m[1]!.replaceAll("&amp;", "&"),
    );
    expect(actions).toHaveLength(3);

    const approve = actions.find((a) => a.includes("outcome=approved"))!;
    const answer = await fetch(new URL(approve, baseUrl), { method: "POST", redirect: "manual" });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get("location")!);
    const [payment] = sim.payments();
    expect(`${location.origin}${location.pathname}`).toBe("http://app.test/faturas/1");
    expect([...location.searchParams]).toEqual([
      ["resultado", "sucesso"],
      ["collection_id", payment!.id],
      ["collection_status", "approved"],
      ["payment_id", payment!.id],
      ["status", "approved"],
      ["external_reference", "inv_page"],
      ["payment_type", "credit_card"],
      ["merchant_order_id", expect.stringMatching(/^\d+$/)],
      ["preference_id", preference.id],
      ["site_id", "MLB"],
      ["processing_mode", "aggregator"],
      ["merchant_account_id", "null"],
    ]);
    expect(receiver.received).toHaveLength(1);

    const reject = actions.find((a) => a.includes("outcome=rejected"))!;
    const refused = await fetch(new URL(reject, baseUrl), { method: "POST", redirect: "manual" });
    expect(new URL(refused.headers.get("location")!).searchParams.get("resultado")).toBe("falha");
    const leave = actions.find((a) => a.includes("outcome=pending"))!;
    const left = await fetch(new URL(leave, baseUrl), { method: "POST", redirect: "manual" });
    expect(new URL(left.headers.get("location")!).searchParams.get("status")).toBe("pending");
  });

  it("says so on the checkout of an unknown or expired preference", async () => {
    const { sim, baseUrl } = await simulator();
    const unknown = await fetch(`${baseUrl}/checkout/v1/redirect?pref-id=nope`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(messages.mercadoPagoSim.checkout.preferenceNotFound);

    const preference = await clientFor(baseUrl).createPreference(
      preferenceInput({ expiresAt: new Date(Date.now() + 150) }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const page = await (await fetch(preference.initPoint)).text();
    expect(page).toContain(messages.mercadoPagoSim.checkout.expired);
    expect(page).not.toContain("<form");
    await expect(sim.pay(preference.id, "approved")).rejects.toThrow();
    const pay = await fetch(
      `${baseUrl}/checkout/v1/pay?pref-id=${encodeURIComponent(preference.id)}&outcome=approved`,
      { method: "POST", redirect: "manual" },
    );
    expect(pay.status).toBe(400);
    expect(sim.payments()).toHaveLength(0);
  });

  it("lets the tester change a payment from its page", async () => {
    const { sim, baseUrl } = await simulator();
    const client = clientFor(baseUrl);
    const preference = await client.createPreference(
      preferenceInput({ externalReference: "inv_<tester>", notificationUrl: receiver.url }),
    );
    const payment = await sim.pay(preference.id, "approved");
    const page = await (await fetch(`${baseUrl}/_simulador`)).text();
    expect(page).toContain(payment.id);
    expect(page).toContain("inv_&lt;tester&gt;");
    expect(page).toContain("payment.created → HTTP 200");
    for (const label of ["Aprovar", "Recusar", "Estornar", "Chargeback", "Reenviar notificação"]) {
      expect(page).toContain(`>${label}</button>`);
    }
    expect(page).toContain(`action="/_simulador/${payment.id}/chargeback"`);

    const answer = await fetch(`${baseUrl}/_simulador/${payment.id}/chargeback`, {
      method: "POST",
      redirect: "manual",
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/_simulador");
    expect((await client.getPayment(payment.id)).status).toBe("charged_back");
    await fetch(`${baseUrl}/_simulador/${payment.id}/resend`, {
      method: "POST",
      redirect: "manual",
    });
    expect(receiver.received).toHaveLength(3);

    const unknown = await fetch(`${baseUrl}/_simulador/1/approve`, { method: "POST" });
    expect(unknown.status).toBe(404);
    const bogus = await fetch(`${baseUrl}/_simulador/${payment.id}/explode`, { method: "POST" });
    expect(bogus.status).toBe(404);
  });

  it("builds init_point and redirects on the origin and mount path the request came in on", async () => {
    const sim = createMercadoPagoSimulator({ accessToken: ACCESS_TOKEN, webhookSecret: "s" });
    const created = await sim.handle(
      new Request("http://loja.test:3000/mp-sim/checkout/preferences/", {
        method: "POST",
        headers: { Authorization: `Bearer ${ACCESS_TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify({ items: [{ title: "Plano", quantity: 1, unit_price: 10 }] }),
      }),
      "checkout/preferences/",
    );
    expect(created.status).toBe(201);
    const { id, init_point: initPoint } = (await created.json()) as Record<string, string>;
    expect(initPoint).toBe(
      `http://loja.test:3000/mp-sim/checkout/v1/redirect?pref-id=${encodeURIComponent(id!)}`,
    );
    const page = await (await sim.handle(new Request(initPoint!), "checkout/v1/redirect")).text();
    expect(page).toContain(`action="/mp-sim/checkout/v1/pay?pref-id=`);
    const payment = await sim.pay(id!, "pending");
    const moved = await sim.handle(
      new Request(`http://loja.test:3000/mp-sim/_simulador/${payment.id}/approve`, {
        method: "POST",
      }),
      `_simulador/${payment.id}/approve`,
    );
    expect(moved.headers.get("location")).toBe("/mp-sim/_simulador");
  });
});

describe("the embedded simulator", () => {
  it("is one instance, accepting the simulators' test credentials", async () => {
    const sim = embeddedMercadoPagoSimulator();
    expect(embeddedMercadoPagoSimulator()).toBe(sim);
    const { accessToken } = paymentSimulatorCredentials().mercadopago;
    const me = await sim.handle(
      new Request("http://localhost/mp-sim/users/me", {
        headers: { Authorization: `Bearer ${accessToken}` },
      }),
      "users/me",
    );
    expect(me.status).toBe(200);
    const refused = await sim.handle(new Request("http://localhost/mp-sim/users/me"), "users/me");
    expect(refused.status).toBe(401);
  });
});
