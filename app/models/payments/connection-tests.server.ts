import {
  createMercadoPagoClient,
  MercadoPagoError,
} from "~/integrations/mercadopago/client.server";
import { PagHiperError } from "~/integrations/paghiper/client.server";
import { mercadoPagoBaseUrl } from "~/integrations/payment-simulators.server";
import * as messages from "~/messages";
import { readGatewayConfig } from "./gateway-config.server";
import { accept, refuse, type Outcome } from "../outcome";
import { pagHiper, providerMessage } from "./providers.server";

/** "Testar conexão": whether the providers accept our credentials. */

const m = messages.payments;

export async function testMercadoPagoConnection(
  accessToken?: string,
): Promise<Outcome<{ account: string }>> {
  const token = accessToken?.trim() || readGatewayConfig("mercadopago")?.accessToken;
  if (!token) return refuse("invalid_reference", m.accessTokenRequired, "accessToken");
  try {
    const me = await createMercadoPagoClient({
      baseUrl: mercadoPagoBaseUrl(),
      accessToken: token,
      maxAttempts: 1,
    }).me();
    return accept({ account: me.nickname ?? me.email ?? String(me.id) });
  } catch (error) {
    if (error instanceof MercadoPagoError) {
      if (error.status === 401)
        return refuse("provider_failed", `${m.testFailed}: ${m.tokenInvalid}`);
      if (error.status === 403)
        return refuse("provider_failed", `${m.testFailed}: ${m.tokenForbidden}`);
      if (error.status === 404)
        return refuse("provider_failed", `${m.testFailed}: ${m.endpointNotFound}`);
    }
    return refuse("provider_failed", providerMessage(error, m.testFailed));
  }
}

/**
 * PagHiper has no "who am I": asking the status of a transaction that does not exist is
 * answered "not found" to good credentials and "invalid key/token" to bad ones.
 */
export async function testPagHiperConnection(): Promise<Outcome<{ account: string }>> {
  const gateway = pagHiper();
  if (!gateway.ok) return gateway;
  try {
    await gateway.value.client.status("ENCAIXATESTE0000");
    return accept({ account: m.pagHiperTestOk });
  } catch (error) {
    if (error instanceof PagHiperError && error.responseMessage !== undefined) {
      if (/token|apikey|api key|credencia/i.test(error.responseMessage))
        return refuse("provider_failed", `${m.testFailed}: ${error.responseMessage}`);
      return accept({ account: m.pagHiperTestOk });
    }
    return refuse("provider_failed", providerMessage(error, m.testFailed));
  }
}
