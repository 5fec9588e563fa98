import * as mercadoPagoWebhook from "../../app/routes/payments/api.webhooks.mercadopago";
import * as pagHiperWebhook from "../../app/routes/payments/api.webhooks.paghiper";

type Handler = typeof mercadoPagoWebhook.action;
const ROUTES: Record<string, Handler> = {
  "/api/webhooks/mercadopago": mercadoPagoWebhook.action,
  "/api/webhooks/paghiper": pagHiperWebhook.action,
};

/**
 * A request straight to a webhook route, as the express adapter hands it over (a thrown Response
 * is the answer, as Remix sends it); 404 elsewhere.
 */
export async function hitWebhookRoute(url: string, init: RequestInit): Promise<Response> {
  const handler = ROUTES[new URL(url).pathname];
  if (!handler) return new Response(null, { status: 404 });
  try {
    return (await handler({
      request: new Request(url, init),
      params: {},
      context: {},
    } as Parameters<Handler>[0])) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/**
 * How the simulators deliver their notifications in tests: to the routes, whatever host the
 * notification URL names; while `holding()` says so, nowhere (the test delivers, or forges, them
 * itself).
 */
export function deliverToWebhookRoutes(holding: () => boolean): typeof fetch {
  return async (input, init) =>
    holding() ? new Response("{}", { status: 200 }) : hitWebhookRoute(String(input), init ?? {});
}
