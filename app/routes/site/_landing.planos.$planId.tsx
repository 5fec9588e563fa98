import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { planCredits, planPrice, pricePeriod, publicPlan } from "~/components/pricing";
import { RouteDialog } from "~/components/route-dialog";
import { getPlanWithCustomers } from "~/models/payments/index.server";
import { getOptionalUser } from "~/server/auth.server";
import { invariantResponse } from "~/server/responses.server";
import * as messages from "~/messages";
import type { Access } from "~/server/access";
import { seoHeadFrom, seoMeta } from "~/utils/seo-meta";

export const access: Access = "public";

const m = messages.planDialog;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = Number(params.planId);
  const plan = Number.isInteger(id) && id > 0 ? getPlanWithCustomers(id) : undefined;
  invariantResponse(plan?.status === "active", m.planNotFound);
  const user = await getOptionalUser(request);
  return {
    plan: publicPlan(plan),
    signedIn: Boolean(user),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  seoMeta(seoHeadFrom(matches), {
    path: location.pathname,
    title: data ? data.plan.name : m.planNotFound,
    description: data?.plan.description,
  });

export default function PlanDetails() {
  const { plan, signedIn } = useLoaderData<typeof loader>();
  const l = messages.landing;
  const rows = [
    { label: m.price, value: `${planPrice(plan)}${pricePeriod(plan)}` },
    { label: m.credits, value: planCredits(plan) },
  ];
  return (
    <RouteDialog title={plan.name} closeTo="/#precos">
      <dl className="grid grid-cols-2 gap-3 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-slate-600">{row.label}</dt>
            <dd className="font-semibold">{row.value}</dd>
          </div>
        ))}
      </dl>
      {plan.description && (
        <section className="mt-4">
          <h3 className="font-semibold">{m.description}</h3>
          <p className="mt-1 text-sm text-slate-700">{plan.description}</p>
        </section>
      )}
      <section className="mt-4">
        <h3 className="font-semibold">{m.features}</h3>
        {plan.features.length > 0 ? (
          <ul className="mt-1 list-inside list-disc text-sm text-slate-700">
            {plan.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">{m.noFeatures}</p>
        )}
      </section>
      <section className="mt-4">
        <h3 className="font-semibold">{m.policies}</h3>
        <p className="mt-1 whitespace-pre-line text-sm text-slate-700">
          {plan.policies?.trim() || m.noPolicies}
        </p>
      </section>
      <div className="mt-6">
        {signedIn ? (
          <Link to={`/settings/plano/${plan.id}`} className="btn-primary w-full">
            {plan.isFree ? l.startFree : l.subscribe}
          </Link>
        ) : (
          <Link
            to={`/register?${new URLSearchParams({ redirectTo: `/settings/plano/${plan.id}` })}`}
            className="btn-primary w-full"
          >
            {l.createOrSubscribe}
          </Link>
        )}
      </div>
    </RouteDialog>
  );
}
