import { Link } from "@remix-run/react";
import { formatBRL } from "~/utils/format";
import * as messages from "~/messages";

export type PublicPlan = {
  id: number;
  name: string;
  description: string | null;
  priceCents: number | null;
  /** Searches a day the plan gives (−1 unlimited): the one unit customers see (ADR 0048). */
  dailySearches: number;
  status: "active" | "inactive";
  customersCount: number;
  features: string[];
  policies: string | null;
  isFree: boolean;
};

const m = messages.landing;

/** Only what the public pages show of a plan: what their loaders send to the browser. */
export function publicPlan(plan: PublicPlan): PublicPlan {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    priceCents: plan.priceCents,
    dailySearches: plan.dailySearches,
    status: plan.status,
    customersCount: plan.customersCount,
    features: plan.features,
    policies: plan.policies,
    isFree: plan.isFree,
  };
}

export function planPrice(plan: Pick<PublicPlan, "isFree" | "priceCents">) {
  return plan.isFree ? m.free : formatBRL(plan.priceCents ?? 0);
}

/** "200 buscas por dia", or "Buscas ilimitadas". */
export function planCredits(plan: Pick<PublicPlan, "dailySearches">) {
  return messages.credits.perDay(plan.dailySearches);
}

export function PricingGrid({ plans, failed }: { plans: PublicPlan[]; failed: boolean }) {
  if (failed) return <p className="text-center text-red-700">{m.plansLoadFailed}</p>;
  if (plans.length === 0) return <p className="text-center text-slate-600">{m.noPlans}</p>;
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {plans.map((plan, index) => {
        const highlighted = plans.length >= 3 && index === 1;
        return (
          <li
            key={plan.id}
            className={`card flex flex-col p-6 ${highlighted ? "ring-2 ring-brand-600" : ""}`}
            data-testid="plan-card"
          >
            <h3 className="text-lg font-bold">{plan.name}</h3>
            <p className="mt-3">
              <span className="text-3xl font-extrabold">{planPrice(plan)}</span>
              {!plan.isFree && <span className="text-slate-600">{m.perMonth}</span>}
            </p>
            {plan.description && <p className="mt-3 text-sm text-slate-600">{plan.description}</p>}
            <p className="mt-4 font-medium">{planCredits(plan)}</p>
            {plan.customersCount > 0 && (
              <p className="text-sm text-slate-600">{m.customers(plan.customersCount)}</p>
            )}
            <p
              className={`mt-2 text-sm font-medium ${plan.status === "active" ? "text-emerald-700" : "text-slate-500"}`}
            >
              {plan.status === "active" ? m.planActive : m.planInactive}
            </p>
            <div className="mt-auto flex flex-col gap-2 pt-6">
              <Link to="/register" className={highlighted ? "btn-primary" : "btn-secondary"}>
                {plan.isFree ? m.startFree : m.subscribe}
                <span className="sr-only"> — {plan.name}</span>
              </Link>
              <Link to={`/planos/${plan.id}`} preventScrollReset className="btn-ghost">
                {m.moreDetails}
                <span className="sr-only"> — {plan.name}</span>
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
