import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { ApiKeysPanel, CREATE_API_KEY } from "~/components/api-keys-panel";
import { PasswordChangeFields } from "~/components/password-change-fields";
import { PreferencesForm } from "~/components/preferences-form";
import { planCredits, planPrice } from "~/components/pricing";
import { tabFrom, UrlTabs } from "~/components/tabs";
import {
  accountSummary,
  activeSessions,
  getPreferences,
  pendingInvoicesByPlan,
  scheduledPlanChange,
} from "~/models/accounts/index.server";
import { listPlans } from "~/models/payments/index.server";
import { handleAccountIntent } from "./_app.settings.account.server";
import { apiKeysTab, createApiKeyIntent } from "./_app.settings.api-keys.server";
import { changePasswordSchema } from "~/schemas/accounts/settings";
import { getAuth, passwordAttemptOf } from "~/server/auth.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { formatDate, formatInteger } from "~/utils/format";
import { useIsSubmitting } from "~/components/hooks";
import * as messages from "~/messages";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { refusalData } from "~/server/refusal.server";

export const access: Access = "signed-in";

const m = messages.settings;
/** The API tab is everyone's: who may not make keys reads why there (ADR 0049). */
const TABS = { ...m.tabs, api: messages.apiKeys.tab };

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

/** The downgrade waiting for the end of the paid period, if any (ADR 0046). */
function scheduledView(userId: number) {
  const scheduled = scheduledPlanChange(userId);
  return scheduled
    ? { planName: scheduled.planName, effectiveAt: scheduled.effectiveAt.toISOString() }
    : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access);
  const tab = tabFrom(new URL(request.url), TABS, "planos");
  const summary = accountSummary(user);
  return {
    tab,
    user: { ...summary.user, createdAt: summary.user.createdAt },
    isAdmin: user.role === "admin",
    subscription: summary.subscription,
    stats: summary.searchStats,
    plans: listPlans({ status: "active" }).map((p) => ({
      id: p.id,
      name: p.name,
      priceCents: p.priceCents,
      isFree: p.isFree,
      dailySearches: p.dailySearches,
      description: p.description,
    })),
    preferences: getPreferences(user.id),
    pending: pendingInvoicesByPlan(user.id),
    scheduled: scheduledView(user.id),
    sessions: activeSessions(user.id).filter((s) => s.kind === "web").length,
    apiKeys: tab === "api" ? apiKeysTab(user) : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAccess(request, access);
  const auth = await getAuth(request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === CREATE_API_KEY) return createApiKeyIntent(form, user);
  const attempt = await passwordAttemptOf(request, context, user.id);
  const result = await handleAccountIntent(intent, form, user.id, auth?.sessionId ?? null, attempt);
  if (!result) return refusalData({ intent, reply: null }, "invalid_input");
  if (!result.ok)
    return refusalData({ intent, reply: result.reply }, result.reason, result.headers);
  const tab = intent === "preferences" ? "preferencias" : "seguranca";
  return redirectWithToast(`/settings?tab=${tab}`, { type: "success", message: result.message });
}

function PasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const busy = useIsSubmitting();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="max-w-md space-y-4" {...getFormProps(form)}>
      <h2 className="font-semibold">{m.passwordTitle}</h2>
      <PasswordChangeFields fields={fields} />
      <button type="submit" name="intent" value="password" className="btn-primary" disabled={busy}>
        {m.changePassword}
      </button>
    </Form>
  );
}

type NewKey = { name: string; key: string };

export default function Settings() {
  const {
    tab,
    user,
    isAdmin,
    subscription,
    stats,
    plans,
    preferences,
    sessions,
    pending,
    scheduled,
    apiKeys,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const currentPlanId = subscription?.planId;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold">{m.title}</h1>
      <UrlTabs tabs={TABS} current={tab} label={m.title} />

      {tab === "planos" && (
        <div className="space-y-6">
          <section
            className="card flex flex-wrap items-center justify-between gap-4 p-5"
            aria-label={m.currentPlan}
          >
            <div>
              <p className="text-sm text-slate-600">{m.currentPlan}</p>
              <p className="text-xl font-bold" data-testid="settings-current-plan">
                {isAdmin
                  ? messages.roles.admin
                  : (subscription?.planName ?? messages.planCard.freePlan)}
              </p>
              <p className="text-sm text-slate-600">
                {subscription?.expiresAt
                  ? m.validUntil(formatDate(subscription.expiresAt))
                  : m.noExpiry}
              </p>
              {scheduled && (
                <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-semibold" data-testid="settings-scheduled-change">
                    {messages.planChange.scheduledLine(
                      scheduled.planName,
                      formatDate(scheduled.effectiveAt),
                    )}
                  </span>
                  <Link
                    to="/settings/mudanca-agendada"
                    preventScrollReset
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {messages.planChange.cancelScheduled}
                  </Link>
                </p>
              )}
            </div>
            <dl className="grid grid-cols-3 gap-6 text-center">
              <div>
                <dt className="text-xs text-slate-600">{m.searchesToday}</dt>
                <dd className="text-lg font-bold">{formatInteger(stats.searchesToday)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">{m.remaining}</dt>
                <dd className="text-lg font-bold" data-testid="settings-remaining">
                  {stats.remainingSearches < 0 ? "∞" : formatInteger(stats.remainingSearches)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">{m.total}</dt>
                <dd className="text-lg font-bold">{formatInteger(stats.totalSearches)}</dd>
              </div>
            </dl>
          </section>
          <ul className="grid gap-4 md:grid-cols-3">
            {plans.map((plan) => {
              const isCurrent = plan.id === currentPlanId;
              const perks = m.perks[plan.name.toLowerCase()] ?? [];
              return (
                <li
                  key={plan.id}
                  className={`card flex flex-col p-5 ${isCurrent ? "ring-2 ring-brand-600" : ""}`}
                  data-testid="settings-plan-card"
                >
                  <h2 className="text-lg font-bold">{plan.name}</h2>
                  <p className="mt-2 text-2xl font-extrabold">
                    {planPrice(plan)}
                    {!plan.isFree && (
                      <span className="text-sm font-normal text-slate-600">
                        {messages.landing.perMonth}
                      </span>
                    )}
                  </p>
                  <p className="mt-2 text-sm">{planCredits(plan)}</p>
                  {plan.description && (
                    <p className="mt-2 text-sm text-slate-600">{plan.description}</p>
                  )}
                  {perks.length > 0 && (
                    <ul className="mt-3 list-inside list-disc text-sm text-slate-700">
                      {perks.map((perk) => (
                        <li key={perk}>{perk}</li>
                      ))}
                    </ul>
                  )}
                  <div className="mt-auto pt-4">
                    {pending[plan.id] && (
                      <p
                        className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
                        data-testid="pending-invoice"
                      >
                        {m.pendingInvoice(pending[plan.id]!)}
                      </p>
                    )}
                    {isCurrent ? (
                      <span className="inline-block rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-800">
                        {m.current}
                      </span>
                    ) : !isAdmin ? (
                      <Link
                        to={`/settings/plano/${plan.id}`}
                        preventScrollReset
                        className="btn-primary w-full"
                      >
                        {m.changePlan}
                        <span className="sr-only"> — {plan.name}</span>
                      </Link>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      )}

      {tab === "conta" && (
        <section className="card p-5">
          <dl className="grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-slate-600">{m.accountName}</dt>
              <dd className="font-medium">{user.name}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{m.accountEmail}</dt>
              <dd className="font-medium">{user.email}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{m.accountRole}</dt>
              <dd className="font-medium">{messages.roles[user.role]}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{m.accountCreated}</dt>
              <dd className="font-medium">{formatDate(user.createdAt)}</dd>
            </div>
          </dl>
          <Link to="/profile" className="btn-secondary mt-4">
            {m.editProfile}
          </Link>
        </section>
      )}

      {tab === "seguranca" && (
        <div className="grid gap-6 md:grid-cols-2">
          <section className="card p-5">
            <PasswordForm
              lastResult={
                actionData?.intent === "password"
                  ? (actionData.reply as SubmissionResult<string[]>)
                  : null
              }
            />
          </section>
          <section className="card space-y-3 p-5">
            <h2 className="font-semibold">{m.sessionsTitle}</h2>
            <p className="text-sm text-slate-700">{m.sessionsText(sessions)}</p>
            <Form method="post">
              <button type="submit" name="intent" value="revoke-sessions" className="btn-secondary">
                {m.revokeOthers}
              </button>
            </Form>
          </section>
        </div>
      )}

      {tab === "api" && apiKeys && (
        <ApiKeysPanel
          allowed={apiKeys.allowed}
          keys={apiKeys.keys}
          created={(actionData as { created?: NewKey | null } | undefined)?.created ?? null}
          lastResult={
            actionData?.intent === CREATE_API_KEY
              ? (actionData.reply as SubmissionResult<string[]>)
              : null
          }
        />
      )}

      {tab === "preferencias" && (
        <section className="card p-5">
          <PreferencesForm preferences={preferences} />
        </section>
      )}
      <Outlet />
    </div>
  );
}
