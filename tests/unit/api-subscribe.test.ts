import { beforeAll, describe, expect, it } from "vitest";
import * as subscribeRoute from "~/routes/payments/api.auth.subscribe";
import { currentPlan } from "~/models/accounts/credits.server";
import { createSession } from "~/models/accounts/session.server";
import { latestPayment } from "~/models/accounts/subscription.server";
import { createFreePlan, createPlan, createUser } from "../support/factories";
import { call, envelope } from "../support/routes";

let paidPlanId = 0;
let freePlanId = 0;
let startingPlanId = 0;
beforeAll(() => {
  startingPlanId = createFreePlan().id; // where every new account starts
  freePlanId = createFreePlan().id;
  paidPlanId = createPlan({ name: "Pro Assinatura", priceCents: 4990, creditsPerMonth: 6000 }).id;
});

const post = (json: unknown, token?: string) =>
  call(subscribeRoute.action, "/api/auth/subscribe", { method: "POST", json, token });

describe("POST /api/auth/subscribe", () => {
  it("needs a signed-in customer", async () => {
    expect((await post({ planId: paidPlanId })).status).toBe(401);
    const admin = await createUser({ role: "admin" });
    expect(
      (await post({ planId: paidPlanId }, createSession(admin.user.id, "api").id)).status,
    ).toBe(403);
  });

  it("checks the plan id with the spec's messages", async () => {
    const { user } = await createUser();
    const token = createSession(user.id, "api").id;
    for (const planId of [0, -3, "abc", null]) {
      const response = await post({ planId }, token);
      expect(response.status).toBe(400);
      expect((await envelope(response)).message).toBe("ID do plano inválido");
    }
    const missing = await post({ planId: 987654 }, token);
    expect(missing.status).toBe(404);
    expect((await envelope(missing)).message).toBe("Plano não encontrado");
  });

  it("creates a pending invoice for a paid plan and keeps the current plan", async () => {
    const { user } = await createUser();
    const token = createSession(user.id, "api").id;
    const before = currentPlan(user.id)?.planId;
    const response = await post({ planId: paidPlanId, paymentMethod: "" }, token);
    expect(response.status).toBe(201);
    const body = await envelope(response);
    expect(body.data.subscription).toMatchObject({
      status: "pending",
      payment_method: "credit_card",
    });
    expect(body.data.payment).toMatchObject({ status: "pending", gateway: "manual", amount: 49.9 });
    expect(currentPlan(user.id)?.planId).toBe(before);
  });

  it("refuses cash, which only an admin assigning a plan may record, and opens no invoice", async () => {
    const { user } = await createUser();
    const token = createSession(user.id, "api").id;
    const response = await post({ planId: paidPlanId, paymentMethod: "cash" }, token);
    expect(response.status).toBe(400);
    expect((await envelope(response)).message).toBe("Selecione uma forma de pagamento");
    expect(latestPayment(user.id)).toBeUndefined();
  });

  it("switches to a free plan at once", async () => {
    const { user } = await createUser();
    const token = createSession(user.id, "api").id;
    const response = await post({ planId: freePlanId, paymentMethod: "pix" }, token);
    expect(response.status).toBe(200);
    expect((await envelope(response)).message).toBe("Assinatura criada com sucesso");
    expect(currentPlan(user.id)?.planId).toBe(freePlanId);
  });

  it("refuses the plan the customer is already on with 409", async () => {
    const { user } = await createUser();
    const token = createSession(user.id, "api").id;
    const response = await post({ planId: startingPlanId }, token);
    expect(response.status).toBe(409);
    expect((await envelope(response)).message).toBe("Você já está neste plano");
  });
});
