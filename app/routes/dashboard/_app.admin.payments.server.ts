import { data } from "@remix-run/node";
import {
  gatewayStatuses,
  isGatewayId,
  testGatewayConnection,
  type GatewayId,
} from "~/models/payments/index.server";
import { refusalStatus } from "~/server/refusal.server";
import * as messages from "~/messages";

/**
 * The dashboard's "Pagamentos" tab: what it shows and what its "Testar conexão" post does.
 * `_app.admin.tsx` calls these for `?tab=pagamentos` and for a post with `intent=test-gateway`;
 * the answer comes back on the same page, so the button works without JavaScript (ADR 0056).
 */
export type GatewayTestReply = {
  intent: "test-gateway";
  reply: null;
  gateway: GatewayId | null;
  ok: boolean;
  message: string;
};

export function loadPaymentsTab() {
  return gatewayStatuses();
}

/** Runs the chosen gateway's connection test on its saved credentials. */
export async function testGatewayTab(form: FormData) {
  const gateway = form.get("gateway");
  if (!isGatewayId(gateway))
    return data<GatewayTestReply>(
      {
        intent: "test-gateway",
        reply: null,
        gateway: null,
        ok: false,
        message: messages.dashboardGateways.unknownGateway,
      },
      { status: refusalStatus({ reason: "invalid_input" }) },
    );
  const tested = await testGatewayConnection(gateway);
  const reply: GatewayTestReply = {
    intent: "test-gateway",
    reply: null,
    gateway,
    ok: tested.ok,
    message: tested.message,
  };
  // The provider's "no" is the test's answer; a test that could not run (nothing saved) is refused.
  if (tested.ok || tested.reason === "provider_failed") return data(reply);
  return data(reply, { status: refusalStatus(tested) });
}
