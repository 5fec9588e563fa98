import { describe, expect, it } from "vitest";
import { gatewayConfigs } from "~db/schema";
import * as dashboardPage from "~/routes/dashboard/_app.admin";
import { db } from "~/utils/db.server";
import * as messages from "~/messages";
import { createUser, invoke, postHeaders } from "../support/factories";
import { withGatewaySimulators } from "../support/gateway-model";

/**
 * The dashboard's "Testar conexão" (/admin?tab=pagamentos, ADR 0056): a plain form post that
 * answers on the page with the provider's verdict; a gateway it does not know is a 400.
 */

withGatewaySimulators();

describe("the dashboard's test post", () => {
  const post = async (body: string) => {
    const admin = (await createUser({ role: "admin" })).user;
    return invoke(dashboardPage.action, "/admin?tab=pagamentos", {
      method: "POST",
      headers: await postHeaders(admin),
      body,
    });
  };

  it("runs the chosen gateway's test and answers on the page", async () => {
    const response = await post("intent=test-gateway&gateway=paghiper");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      intent: "test-gateway",
      reply: null,
      gateway: "paghiper",
      ok: true,
      message: messages.payments.pagHiperTestOk,
    });
  });

  it("refuses an unknown gateway with a 400 in pt-BR, and a test with nothing saved", async () => {
    const unknown = await post("intent=test-gateway&gateway=stripe");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      ok: false,
      message: messages.dashboardGateways.unknownGateway,
    });
    db().delete(gatewayConfigs).run();
    const unset = await post("intent=test-gateway&gateway=paghiper");
    expect(unset.status).toBeGreaterThanOrEqual(400);
    expect(unset.status).toBeLessThan(500);
    expect(await unset.json()).toMatchObject({ ok: false, gateway: "paghiper" });
  });
});
