import { Link } from "@remix-run/react";
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
    <section className="card p-5" aria-labelledby="gateways-title">
      <h2 id="gateways-title" className="text-lg font-semibold">
        {m.title}
      </h2>
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
        <Link to="/payment-methods" className="btn-primary">
          {m.open}
        </Link>
        <Link to="/admin-invoices" className="btn-secondary">
          {m.invoices}
        </Link>
      </div>
    </section>
  );
}
