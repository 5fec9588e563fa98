import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { payments } from "~db/schema";
import { assignPlanByAdmin } from "~/models/accounts/subscription.server";
import { createSession } from "~/models/accounts/session.server";
import type { User } from "~/models/accounts/user.server";
import * as planChange from "~/routes/accounts/_app.settings.plano.$planId";
import * as settings from "~/routes/accounts/_app.settings";
import * as cancelScheduled from "~/routes/accounts/_app.settings.mudanca-agendada";
import * as payDialog from "~/routes/payments/_app.invoices.$id.pagar";
import * as subscribeRoute from "~/routes/payments/api.auth.subscribe";
import * as pixRoute from "~/routes/payments/api.payments.paghiper.pix";
import { db } from "~/utils/db.server";
import { formatBRL } from "~/utils/format";
import * as messages from "~/messages";
import {
  accepted,
  createPlan,
  createUser,
  FORM,
  invoke,
  postHeaders,
  sessionHeaders,
  toastOf,
} from "../support/factories";
import { call, envelope } from "../support/routes";

/** The plan dialog, the pay step, the cancel dialog and the API around a plan change (ADR 0046). */

const m = messages.planChange;
let basic = 0;
let top = 0;
let admin: User;
beforeAll(async () => {
  basic = createPlan({ name: "Básico Mudança", priceCents: 4990 }).id;
  top = createPlan({ name: "Topo Mudança", priceCents: 19990 }).id;
  admin = (await createUser({ role: "admin" })).user;
});

async function customerOn(planId: number) {
  const { user } = await createUser();
  accepted(
    assignPlanByAdmin({ userId: user.id, planId, paymentMethod: "cash", actorId: admin.id }),
  );
  return user;
}

const dialog = async (user: User, planId: number) =>
  (
    await invoke(planChange.loader, `/settings/plano/${planId}`, {
      params: { planId: String(planId) },
      headers: await sessionHeaders(user, "web"),
    })
  ).json();

async function choose(user: User, planId: number, paymentMethod = "pix") {
  return invoke(planChange.action, `/settings/plano/${planId}`, {
    method: "POST",
    params: { planId: String(planId) },
    body: new URLSearchParams({ paymentMethod }).toString(),
    headers: await postHeaders(user),
  });
}

const cancelPost = async (user: User, body = "") =>
  invoke(cancelScheduled.action, "/settings/mudanca-agendada", {
    method: "POST",
    body,
    headers: await postHeaders(user),
  });

describe("an upgrade", () => {
  it("shows the credit and the amount due in the dialog and on the pay step, before paying", async () => {
    const user = await customerOn(basic);
    // Just bought: the whole period is unused, so the whole price paid is credited.
    const shown = await dialog(user, top);
    expect(shown.change).toEqual({ kind: "upgrade", creditCents: 4990, amountDueCents: 15000 });
    const answer = await choose(user, top);
    expect(answer.status).toBe(302);
    const invoice = db().select().from(payments).where(eq(payments.planId, top)).all().at(-1)!;
    expect(invoice).toMatchObject({ amountCents: 15000, creditCents: 4990, userId: user.id });
    const pay = await (
      await invoke(payDialog.loader, `/invoices/${invoice.id}/pagar`, {
        params: { id: String(invoice.id) },
        headers: await sessionHeaders(user, "web"),
      })
    ).json();
    expect(pay.invoice).toMatchObject({ amountCents: 15000, creditCents: 4990 });
    expect(m.creditLine(formatBRL(4990), formatBRL(15000)).replace(/\u00a0/g, " ")).toBe(
      "Crédito do plano atual: R$ 49,90 · A pagar: R$ 150,00",
    );
  });

  it("answers the credit and the amount due from POST /api/auth/subscribe", async () => {
    const user = await customerOn(basic);
    const response = await call(subscribeRoute.action, "/api/auth/subscribe", {
      method: "POST",
      json: { planId: top, paymentMethod: "pix" },
      token: createSession(user.id, "api").id,
    });
    expect(response.status).toBe(201);
    const body = await envelope(response);
    expect(body.data.payment).toMatchObject({ amount: 150, credit: 49.9, amount_due: 150 });
  });
});

describe("a downgrade", () => {
  it("is scheduled from the dialog, shown on /settings, and cancelled by a plain POST", async () => {
    const user = await customerOn(top);
    const shown = await dialog(user, basic);
    expect(shown.change.kind).toBe("scheduled");
    const answer = await choose(user, basic);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/settings?tab=planos");
    const toast = await toastOf(answer);
    expect(toast?.message).toMatch(
      /^Mudança para Básico Mudança agendada para \d{2}\/\d{2}\/\d{4}$/,
    );
    expect(db().select().from(payments).where(eq(payments.userId, user.id)).all()).toHaveLength(1);

    const page = await (
      await invoke(settings.loader, "/settings?tab=planos", {
        headers: await sessionHeaders(user, "web"),
      })
    ).json();
    expect(page.scheduled).toMatchObject({ planName: "Básico Mudança" });

    const confirm = await (
      await invoke(cancelScheduled.loader, "/settings/mudanca-agendada", {
        headers: await sessionHeaders(user, "web"),
      })
    ).json();
    expect(confirm.scheduled).toMatchObject({ planName: "Básico Mudança" });
    const cancelled = await cancelPost(user, "intent=cancel");
    expect(cancelled.status).toBe(302);
    expect((await toastOf(cancelled))?.message).toBe(m.scheduleCancelled);
    const again = await cancelPost(user);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: m.noScheduledChange });
  });

  it("answers scheduled from the API, and the PIX API refuses it, writing nothing", async () => {
    const user = await customerOn(top);
    const token = createSession(user.id, "api").id;
    const pix = await call(pixRoute.action, "/api/payments/paghiper/pix", {
      method: "POST",
      json: { plan_id: basic, payer_document: "529.982.247-25" },
      token,
    });
    expect(pix.status).toBeGreaterThanOrEqual(400);
    expect(pix.status).toBeLessThan(500);
    const response = await call(subscribeRoute.action, "/api/auth/subscribe", {
      method: "POST",
      json: { planId: basic, paymentMethod: "pix" },
      token,
    });
    expect(response.status).toBe(200);
    const body = await envelope(response);
    expect(body.data.payment).toBeNull();
    expect(body.data.scheduled).toMatchObject({ plan_id: basic });
    expect(new Date(body.data.scheduled.effective_at).getTime()).toBeGreaterThan(Date.now());
    expect(db().select().from(payments).where(eq(payments.userId, user.id)).all()).toHaveLength(1);
  });
});

describe("the cancel dialog against hostile requests", () => {
  it("refuses strangers, admins and customers with nothing scheduled, with a 4xx", async () => {
    const anonymous = await invoke(cancelScheduled.action, "/settings/mudanca-agendada", {
      method: "POST",
      body: "",
      headers: { Origin: "http://localhost", "Content-Type": FORM },
    });
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect(anonymous.status).toBeLessThan(500);
    const adminAnswer = await cancelPost(admin);
    expect([302, 403]).toContain(adminAnswer.status);
    const user = await customerOn(basic);
    for (const body of ["", "a".repeat(5000), "scheduledPlanId=1", "%%%", "x=%00%ff"]) {
      const answer = await cancelPost(user, body);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(await answer.text()).toMatch(/[a-zà-ú]{3,}/);
    }
    const crossSite = await invoke(cancelScheduled.action, "/settings/mudanca-agendada", {
      method: "POST",
      body: "",
      headers: { ...(await postHeaders(user)), Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBeGreaterThanOrEqual(400);
    expect(crossSite.status).toBeLessThan(500);
  });
});
