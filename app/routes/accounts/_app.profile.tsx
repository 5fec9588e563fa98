import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormErrors } from "~/components/form-fields";
import { PasswordChangeFields } from "~/components/password-change-fields";
import { PreferencesForm } from "~/components/preferences-form";
import { tabFrom, UrlTabs } from "~/components/tabs";
import {
  accountSummary,
  getPreferences,
  latestPayment,
  updateProfile,
} from "~/models/accounts/index.server";
import { handleAccountIntent } from "./_app.settings.account.server";
import { latestPaidReceipt } from "~/models/payments/index.server";
import { refusalData, refusalHeaders, refusalReplyOptions } from "~/server/refusal.server";
import { profileSchema } from "~/schemas/accounts/profile";
import { getAuth, passwordAttemptOf, requireUser } from "~/server/auth.server";
import { formatDate, formatLongDate, initials } from "~/utils/format";
import { useIsSubmitting } from "~/components/hooks";
import * as messages from "~/messages";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Access } from "~/server/access";

export const access: Access = "signed-in";

const m = messages.profilePage;
const hidden = ["currentPassword", "newPassword", "confirmPassword"];

export const meta: MetaFunction = () => [{ title: `${messages.nav.profile} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const summary = accountSummary(user);
  const invoice = latestPayment(user.id);
  return {
    tab: tabFrom(new URL(request.url), m.tabs, "perfil"),
    user: summary.user,
    subscription: summary.subscription,
    canUpgrade: summary.canUpgrade,
    latestInvoice: invoice ? { id: invoice.id, status: invoice.status } : null,
    hasPaidInvoice: latestPaidReceipt(user.id) !== undefined,
    preferences: getPreferences(user.id),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const sessionId = (await getAuth(request))?.sessionId ?? null;
  const attempt = await passwordAttemptOf(request, context, user.id);
  if (intent === "profile" && sessionId) {
    const submission = parseWithZod(form, { schema: profileSchema });
    if (submission.status !== "success")
      return refusalData(
        { intent, reply: submission.reply({ hideFields: hidden }) },
        "invalid_input",
      );
    const updated = await updateProfile(user.id, submission.value, sessionId, attempt);
    if (!updated.ok)
      return refusalData(
        {
          intent,
          reply: submission.reply({ ...refusalReplyOptions(updated), hideFields: hidden }),
        },
        updated.reason,
        refusalHeaders(updated),
      );
    return redirectWithToast("/profile?tab=perfil", {
      type: "success",
      message: messages.profile.updated,
    });
  }
  const result = await handleAccountIntent(intent, form, user.id, sessionId, attempt);
  if (!result) return refusalData({ intent, reply: null }, "invalid_input");
  if (!result.ok)
    return refusalData({ intent, reply: result.reply }, result.reason, result.headers);
  return redirectWithToast("/profile?tab=preferencias", {
    type: "success",
    message: result.message,
  });
}

function ProfileForm({
  user,
  lastResult,
}: {
  user: { name: string; email: string };
  lastResult: SubmissionResult<string[]> | null;
}) {
  const busy = useIsSubmitting();
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: { name: user.name, email: user.email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="max-w-lg space-y-4" {...getFormProps(form)}>
      <FormErrors errors={form.errors} id={form.errorId} />
      <Field meta={fields.name} label={m.name} autoComplete="name" />
      <Field meta={fields.email} type="email" label={m.email} autoComplete="email" />
      <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold">{messages.settings.passwordTitle}</legend>
        <p className="text-xs text-slate-600">{m.passwordHint}</p>
        <PasswordChangeFields fields={fields} />
      </fieldset>
      <button type="submit" name="intent" value="profile" className="btn-primary" disabled={busy}>
        {busy ? messages.admin.saving : m.save}
      </button>
    </Form>
  );
}

const QUICK_LINKS = [
  { to: "/home", label: messages.nav.home },
  { to: "/search", label: messages.nav.search },
  { to: "/usage", label: messages.nav.usage },
];

export default function Profile() {
  const { tab, user, subscription, canUpgrade, latestInvoice, hasPaidInvoice, preferences } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isAdmin = user.role === "admin";
  const free = !subscription || subscription.isFree;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="card flex flex-wrap items-center gap-4 p-5">
        <span
          className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-600 text-xl font-bold text-white"
          aria-hidden="true"
        >
          {initials(user.name)}
        </span>
        <div>
          <h1 className="text-2xl font-bold" data-testid="profile-name">
            {user.name}
          </h1>
          <p className="text-slate-600" data-testid="profile-email">
            {user.email}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            <span className="rounded-full bg-brand-100 px-2 py-0.5 font-semibold text-brand-700">
              {messages.roles[user.role]}
            </span>
            <span className="text-slate-600">{m.memberSince(formatLongDate(user.createdAt))}</span>
          </p>
        </div>
      </header>
      <UrlTabs tabs={m.tabs} current={tab} label={messages.nav.profile} />
      {tab === "perfil" && (
        <section className="card p-5">
          <ProfileForm
            user={user}
            lastResult={
              actionData?.intent === "profile"
                ? (actionData.reply as SubmissionResult<string[]>)
                : null
            }
          />
        </section>
      )}
      {tab === "assinatura" && (
        <section className="card space-y-4 p-5">
          <dl className="grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-600">{m.plan}</dt>
              <dd className="font-semibold" data-testid="profile-plan">
                {isAdmin
                  ? messages.roles.admin
                  : (subscription?.planName ?? messages.planCard.freePlan)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{m.renewal}</dt>
              <dd className="font-semibold">
                {subscription?.expiresAt
                  ? formatDate(subscription.expiresAt)
                  : messages.settings.noExpiry}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{m.paymentStatus}</dt>
              <dd className="font-semibold">
                {latestInvoice
                  ? `#${latestInvoice.id} — ${m.paymentStatuses[latestInvoice.status]}`
                  : m.noInvoice}
              </dd>
            </div>
          </dl>
          {!isAdmin && (
            <div className="flex flex-wrap gap-2">
              <Link to="/settings?tab=planos" className="btn-primary">
                {free && canUpgrade ? m.upgrade : m.manage}
              </Link>
              {/* A plain link: the receipt answers as an attachment, so the page stays; with no
                  paid invoice /profile/receipt comes back here with a notice. No `download`
                  attribute, or the browser would save that redirect's page as a file. */}
              {hasPaidInvoice ? (
                <a href="/profile/receipt" className="btn-secondary" data-testid="receipt-download">
                  {messages.receipt.download}
                </a>
              ) : (
                <span
                  className="btn-secondary cursor-not-allowed border-dashed text-slate-600"
                  title={messages.receipt.downloadUnavailable}
                >
                  {messages.receipt.download}
                  <span className="sr-only"> — {messages.receipt.downloadUnavailable}</span>
                </span>
              )}
            </div>
          )}
        </section>
      )}
      {tab === "preferencias" && (
        <section className="card p-5">
          <PreferencesForm preferences={preferences} />
        </section>
      )}
      <nav className="card flex flex-wrap gap-2 p-4" aria-label={m.quickLinks}>
        {QUICK_LINKS.map((link) => (
          <Link key={link.to} to={link.to} className="btn-ghost">
            {link.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
