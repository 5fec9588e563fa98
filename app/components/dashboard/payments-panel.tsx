import { ButtonLink } from "~/components/admin/page-header";
import { CardSection } from "~/components/card-section";
import { formatDateTime } from "~/utils/format";
import * as messages from "~/messages";

const m = messages.dashboard.payments;

export type GatewayState = { configured: boolean; updatedAt: Date | null };

/** "Pagamentos": whether each gateway is set up, and the way to its settings (kept server-side). */
export function PaymentsPanel({
  mercadopago,
  paghiper,
}: {
  mercadopago: GatewayState;
  paghiper: GatewayState;
}) {
  const gateways = [
    { id: "mercadopago", name: m.mercadoPago, state: mercadopago },
    { id: "paghiper", name: m.pagHiper, state: paghiper },
  ];
  return (
    <CardSection id="gateways-title" title={m.title}>
      <p className="mt-1 text-sm text-slate-600">{m.description}</p>
      <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
        {gateways.map(({ id, name, state }) => (
          <li key={id} className="rounded-lg border border-slate-200 p-4">
            <p className="font-semibold">{name}</p>
            <p
              className={`mt-1 text-sm font-medium ${state.configured ? "text-emerald-800" : "text-amber-800"}`}
            >
              {state.configured ? m.configured : m.notConfigured}
              {state.updatedAt && (
                <span className="font-normal text-slate-600">
                  {" "}
                  · {formatDateTime(state.updatedAt)}
                </span>
              )}
            </p>
          </li>
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
