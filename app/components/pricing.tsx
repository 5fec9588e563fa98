import { Link } from "@remix-run/react";
import { formatBRL, LOCALE } from "~/utils/format";
import * as messages from "~/messages";

export type PublicPlan = {
  id: number;
  name: string;
  description: string | null;
  priceCents: number | null;
  /** Searches a day the plan gives (−1 unlimited): the one unit customers see (ADR 0048). */
  dailySearches: number;
  features: string[];
  policies: string | null;
  isFree: boolean;
};

const m = messages.landing;

/**
 * Only what the public pages show of a plan: what their loaders send to the browser. Not its
 * status (a public plan is always active) nor its customers: those are the admin's (ADR 0057).
 */
export function publicPlan(plan: PublicPlan): PublicPlan {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    priceCents: plan.priceCents,
    dailySearches: plan.dailySearches,
    features: plan.features,
    policies: plan.policies,
    isFree: plan.isFree,
  };
}

const wholeBRL = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: "BRL",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** "R$ 49,90", or "R$ 0" for a free plan (whose name already says "Gratuito"). */
export function planPrice(plan: Pick<PublicPlan, "isFree" | "priceCents">) {
  return plan.isFree ? wholeBRL.format(0) : formatBRL(plan.priceCents ?? 0);
}

/** What follows the price: "/mês", or " para sempre" after a free plan's "R$ 0". */
export function pricePeriod(plan: Pick<PublicPlan, "isFree">) {
  return plan.isFree ? m.forever : m.perMonth;
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
              <span className="text-slate-600">{pricePeriod(plan)}</span>
            </p>
            {plan.description && <p className="mt-3 text-sm text-slate-600">{plan.description}</p>}
            <p className="mt-4 font-medium">{planCredits(plan)}</p>
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
