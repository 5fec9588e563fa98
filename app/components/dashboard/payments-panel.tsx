import { Form, useNavigation } from "@remix-run/react";
import { ButtonLink } from "~/components/admin/page-header";
import { CardSection } from "~/components/card-section";
import { formatDateTime } from "~/utils/format";
import * as messages from "~/messages";

const m = messages.dashboard.payments;
const g = messages.dashboardGateways;

type GatewayId = "mercadopago" | "paghiper";

/** One gateway as the tab shows it: its situation, environment and masked credentials. */
export type GatewayState = {
  id: GatewayId;
  configured: boolean;
  environment: keyof typeof g.environments;
  credentials: { name: keyof typeof g.credentials; masked: string }[];
  updatedAt: Date | string | null;
};

/** The answer of the last "Testar conexão" post, shown under that gateway's button. */
export type GatewayTestResult = { gateway: GatewayId | null; ok: boolean; message: string };

const NAMES: Record<GatewayId, string> = { mercadopago: m.mercadoPago, paghiper: m.pagHiper };

/**
 * "Pagamentos": each gateway's situation, where it charges, its credentials masked (the secrets
 * stay on the server) and "Testar conexão" — a plain form post that comes back to this tab with
 * the provider's answer, JavaScript or not. Editing the credentials is /payment-methods' job.
 */
export function PaymentsPanel({
  gateways,
  testAction,
  result,
}: {
  gateways: GatewayState[];
  /** Where the test posts: this tab, with the period kept. */
  testAction: string;
  result: GatewayTestResult | null;
}) {
  return (
    <CardSection id="gateways-title" title={m.title}>
      <p className="mt-1 text-sm text-slate-600">{m.description}</p>
      {result && result.gateway === null && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800">
          {result.message}
        </p>
      )}
      <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
        {gateways.map((gateway) => (
          <GatewayCard
            key={gateway.id}
            gateway={gateway}
            testAction={testAction}
            result={result?.gateway === gateway.id ? result : null}
          />
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <ButtonLink to="/payment-methods" variant="primary">
          {m.open}
        </ButtonLink>
        <ButtonLink to="/admin-invoices">{m.invoices}</ButtonLink>
      </div>
    </CardSection>
  );
}

function GatewayCard({
  gateway,
  testAction,
  result,
}: {
  gateway: GatewayState;
  testAction: string;
  result: GatewayTestResult | null;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "test-gateway" &&
    navigation.formData.get("gateway") === gateway.id;
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
      data-gateway={gateway.id}
    >
      <p className="font-semibold">{NAMES[gateway.id]}</p>
      <p
        className={`-mt-2 text-sm font-medium ${gateway.configured ? "text-emerald-800" : "text-amber-800"}`}
        data-testid="gateway-situation"
      >
        {gateway.configured ? m.configured : m.notConfigured}
      </p>
      <dl className="grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600">{g.environment}</dt>
        <dd>{g.environments[gateway.environment]}</dd>
        {gateway.credentials.map(({ name, masked }) => (
          <div key={name} className="contents">
            <dt className="mt-1 font-medium text-slate-600 sm:mt-0">{g.credentials[name]}</dt>
            <dd className={masked ? "break-all font-mono" : "text-slate-600"}>
              {masked || g.credentialUnset}
            </dd>
          </div>
        ))}
      </dl>
      {gateway.updatedAt && (
        <p className="text-xs text-slate-600">{g.updatedAt(formatDateTime(gateway.updatedAt))}</p>
      )}
      {gateway.configured ? (
        <Form method="post" action={testAction} className="mt-auto">
          <input type="hidden" name="intent" value="test-gateway" />
          <input type="hidden" name="gateway" value={gateway.id} />
          <button type="submit" className="btn-secondary" disabled={busy}>
            {busy ? g.testing : g.test}
          </button>
        </Form>
      ) : (
        <p className="mt-auto text-sm text-slate-600">{g.testNeedsConfig}</p>
      )}
      {result && (
        <p
          role={result.ok ? "status" : "alert"}
          className={`rounded-lg border px-3 py-2 text-sm ${
            result.ok
              ? "border-emerald-200 bg-emerald-50 text-emerald-900"
              : "border-red-200 bg-red-50 text-red-900"
          }`}
        >
          {result.message}
        </p>
      )}
    </li>
  );
}
