import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/admin/page-header";
import { usageColor } from "~/components/plan-card";
import { accountSummary } from "~/models/accounts/index.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { formatDate, formatInteger } from "~/utils/format";
import * as messages from "~/messages";

export const access: Access = "signed-in";

const m = messages.usage;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access);
  const { subscription, searchStats, canUpgrade } = accountSummary(user);
  return { isAdmin: user.role === "admin", subscription, stats: searchStats, canUpgrade };
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="card p-5">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-3xl font-bold" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

export default function Usage() {
  const { isAdmin, subscription, stats, canUpgrade } = useLoaderData<typeof loader>();
  if (isAdmin) {
    return (
      <div className="mx-auto max-w-4xl space-y-6">
        <PageHeader title={m.title} subtitle={m.adminSubtitle} />
        <div className="grid gap-4 sm:grid-cols-3">
          {[
            [m.unlimited, m.unlimitedText],
            [m.totalAccess, m.totalAccessText],
            [m.adminRole, m.adminRoleText],
          ].map(([title, text]) => (
            <div key={title} className="card p-5">
              <p className="font-semibold">{title}</p>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </div>
          ))}
        </div>
        <section className="card p-5">
          <h2 className="font-semibold">{m.privilegesTitle}</h2>
          <ul className="mt-2 list-inside list-disc text-sm text-slate-700">
            {m.privileges.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </section>
        <div className="grid gap-4 sm:grid-cols-2">
          <Stat label={m.today} value={formatInteger(stats.searchesToday)} />
          <Stat label={m.total} value={formatInteger(stats.totalSearches)} />
        </div>
      </div>
    );
  }

  const allowance = stats.dailyAllowance;
  const unlimited = stats.remainingSearches < 0;
  const usedFromPlan = Math.min(stats.chargedToday, Math.max(allowance, 0));
  const percent =
    unlimited || allowance <= 0 ? 0 : Math.min(100, Math.round((usedFromPlan / allowance) * 100));
  const exhausted = !unlimited && stats.remainingSearches === 0;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold">{m.title}</h1>
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat
          label={m.remaining}
          value={unlimited ? "∞" : formatInteger(stats.remainingSearches)}
          testId="usage-remaining"
        />
        <Stat label={m.today} value={formatInteger(stats.searchesToday)} testId="usage-today" />
        <Stat label={m.currentPlan} value={subscription?.planName ?? messages.planCard.freePlan} />
      </div>
      {!unlimited && (
        <section className="card p-5" aria-labelledby="daily-usage">
          <div className="flex items-baseline justify-between">
            <h2 id="daily-usage" className="font-semibold">
              {m.dailyUsage}
            </h2>
            <span className="text-sm font-semibold" data-testid="usage-percent">
              {m.percentUsed(percent)}
            </span>
          </div>
          <div
            className="mt-3 h-3 overflow-hidden rounded-full bg-slate-200"
            role="progressbar"
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label={m.dailyUsage}
          >
            <div className={`h-full ${usageColor(percent)}`} style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-2 text-sm text-slate-600">{m.usedOf(usedFromPlan, allowance)}</p>
          {stats.creditsBalance > 0 && (
            <p className="mt-1 text-sm text-slate-600">{m.extraCredits(stats.creditsBalance)}</p>
          )}
          {exhausted ? (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {m.limitReached}
              {canUpgrade && (
                <>
                  {" "}
                  <Link to="/settings?tab=planos" className="font-semibold underline">
                    {m.upgrade}
                  </Link>
                </>
              )}
            </p>
          ) : (
            percent >= 90 && (
              <p
                role="status"
                className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
              >
                {m.warning}
              </p>
            )
          )}
        </section>
      )}
      <section className="card p-5">
        <h2 className="font-semibold">{m.planInfo}</h2>
        <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">{m.currentPlan}</dt>
            <dd className="font-medium">{subscription?.planName ?? messages.planCard.freePlan}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{m.dailyLimit}</dt>
            <dd className="font-medium" data-testid="usage-daily-limit">
              {messages.credits.perDay(unlimited ? -1 : allowance)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{m.validUntil}</dt>
            <dd className="font-medium">
              {subscription?.expiresAt ? formatDate(subscription.expiresAt) : m.noExpiry}
            </dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-slate-600">{m.renewal}</p>
      </section>
    </div>
  );
}
