import {
  getFormProps,
  getInputProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { z } from "zod";
import { ListErrorBoundary } from "~/components/admin/list-page";
import { PageHeader } from "~/components/admin/page-header";
import { fieldAria, FieldFrame, FormErrors, TextField } from "~/components/form-fields";
import { gatewayFigures, maskedGatewayConfigs, publicOrigin, saveMercadoPagoConfig, savePagHiperConfig, testMercadoPagoConnection, testPagHiperConnection } from "~/models/payments/index.server";
import type { Refusal } from "~/models/outcome";
import {
  mercadoPagoConfigSchema,
  mercadoPagoTestSchema,
  pagHiperConfigSchema,
} from "~/schemas/payments";
import type { Access } from "~/server/access";
import { readForm } from "~/server/forms.server";
import { requireAccess } from "~/server/guard.server";
import { refusalReplyOptions, refusalStatus } from "~/server/refusal.server";
import { redirectWithToast } from "~/server/toast.server";
import { formatBRL, formatDateTime, formatInteger } from "~/utils/format";
import { PaymentStatusBadge } from "~/components/payment-status-badge";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.invoicesAdmin.methods;
const p = messages.payments;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const origin = publicOrigin() ?? "";
  // Masked: no secret of either gateway ever leaves the server.
  const configs = maskedGatewayConfigs();
  const figures = gatewayFigures(10);
  return {
    mercadopago: configs.mercadopago,
    paghiper: configs.paghiper,
    webhooks: {
      mercadopago: `${origin}/api/webhooks/mercadopago`,
      paghiper: `${origin}/api/webhooks/paghiper`,
    },
    figures: {
      byStatus: figures.byStatus,
      byGateway: figures.byGateway,
      recent: figures.recent.map((row) => ({
        id: row.id,
        status: row.status,
        gateway: row.gateway,
        userId: row.userId,
        userName: row.userName,
        userEmail: row.userEmail,
        amountCents: row.amountCents,
        externalReference: row.externalReference,
        updatedAt: row.updatedAt,
      })),
    },
  };
}

const INTENTS = ["save-mercadopago", "test-mercadopago", "save-paghiper", "test-paghiper"] as const;
type Intent = (typeof INTENTS)[number];

/** The fields whose value is a secret: a reply never carries them back to the form. */
const MP_SECRETS = ["accessToken", "webhookSecret"];
const PH_SECRETS = ["apiKey", "token"];

type Reply = SubmissionResult<string[]>;
type Replyable = {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }): Reply;
};
/** What a form post that did not redirect answers: which form it was, and that form's reply. */
type ActionData = { intent: Intent | null; reply: Reply | null };

const answer = (intent: Intent | null, reply: Reply | null, status: number) =>
  data<ActionData>({ intent, reply }, { status });

/** A refused save or test: its message on the field at fault (or above the form), secrets out. */
function refused(
  intent: Intent,
  submission: Replyable,
  refusal: Refusal,
  hideFields: string[],
  status: number = refusalStatus(refusal),
) {
  return answer(intent, submission.reply({ ...refusalReplyOptions(refusal), hideFields }), status);
}

/** An unexpected failure while saving: "Falha ao salvar configuração" above the form. */
function saveFailed(intent: Intent, submission: Replyable, hideFields: string[], error: unknown) {
  console.error(m.logSaveFailed(intent), error);
  return answer(intent, submission.reply({ formErrors: [p.saveFailed], hideFields }), 500);
}

/**
 * A connection test that ran: the provider's "no" (or silence) is the test's result, shown on the
 * form as a page answer; a test that could not start (nothing configured) is the admin's to fix.
 */
const testStatus = (refusal: Refusal) =>
  refusal.reason === "provider_failed" ? 200 : refusalStatus(refusal);

const BACK = "/payment-methods";

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const form = await readForm(request);
  const intent = INTENTS.find((known) => known === form.get("intent")) ?? null;

  switch (intent) {
    case "save-mercadopago": {
      const submission = parseWithZod(form, { schema: mercadoPagoConfigSchema });
      if (submission.status !== "success")
        return answer(intent, submission.reply({ hideFields: MP_SECRETS }), 400);
      try {
        const saved = saveMercadoPagoConfig(submission.value, admin.id);
        if (!saved.ok) return refused(intent, submission, saved, MP_SECRETS);
      } catch (error) {
        return saveFailed(intent, submission, MP_SECRETS, error);
      }
      return redirectWithToast(BACK, {
        type: "success",
        message: m.saved(m.mercadoPago.title),
      });
    }
    case "save-paghiper": {
      const submission = parseWithZod(form, { schema: pagHiperConfigSchema });
      if (submission.status !== "success")
        return answer(intent, submission.reply({ hideFields: PH_SECRETS }), 400);
      try {
        const saved = savePagHiperConfig(submission.value, admin.id);
        if (!saved.ok) return refused(intent, submission, saved, PH_SECRETS);
      } catch (error) {
        return saveFailed(intent, submission, PH_SECRETS, error);
      }
      return redirectWithToast(BACK, { type: "success", message: m.saved(m.pagHiper.name) });
    }
    case "test-mercadopago": {
      const submission = parseWithZod(form, { schema: mercadoPagoTestSchema });
      if (submission.status !== "success")
        return answer(intent, submission.reply({ hideFields: ["accessToken"] }), 400);
      const tested = await testMercadoPagoConnection(submission.value.accessToken || undefined);
      if (!tested.ok)
        return refused(intent, submission, tested, ["accessToken"], testStatus(tested));
      return redirectWithToast(BACK, { type: "success", message: p.testOk(tested.value.account) });
    }
    case "test-paghiper": {
      const submission = parseWithZod(form, { schema: z.object({}) });
      const tested = await testPagHiperConnection();
      if (!tested.ok) return refused(intent, submission, tested, [], testStatus(tested));
      return redirectWithToast(BACK, { type: "success", message: tested.value.account });
    }
    default:
      return answer(null, null, 400);
  }
}

// ---------------------------------------------------------------------------------------------
// The page

/**
 * A secret's input: empty, a password field, the stored value's mask as placeholder; left blank,
 * the stored secret stays. The browser is asked not to fill it with a saved login password.
 */
function SecretField({
  label,
  field,
  masked,
  hint,
  ...input
}: {
  label: string;
  field: FieldMetadata<string>;
  masked: string;
  hint?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const props = getInputProps(field, { type: "password" });
  return (
    <FieldFrame
      id={props.id}
      label={label}
      hint={hint ?? (masked ? m.secretKept : m.secretUnset)}
      errors={field.errors}
      errorId={field.errorId}
    >
      <input
        className="input font-mono"
        {...props}
        {...fieldAria(field.errors, field.errorId)}
        defaultValue=""
        placeholder={masked}
        autoComplete="new-password"
        spellCheck={false}
        maxLength={300}
        {...input}
      />
    </FieldFrame>
  );
}

function useBusy(intent: Intent): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function lastResultFor(actionData: ActionData | undefined, intent: Intent): Reply | null {
  return actionData?.intent === intent ? actionData.reply : null;
}

/** One gateway's card: its name, what it is for, when it was last saved and whether it is set up. */
function GatewaySection(props: {
  id: string;
  title: string;
  description: string;
  updatedAt: string | Date | null;
  configured: boolean;
  children: ReactNode;
}) {
  return (
    <section className="card space-y-5 p-5" aria-labelledby={`${props.id}-title`} id={props.id}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`${props.id}-title`} className="text-lg font-bold">
            {props.title}
          </h2>
          <p className="text-sm text-slate-600">{props.description}</p>
          {props.updatedAt && (
            <p className="mt-1 text-xs text-slate-500">
              {m.updatedAt(formatDateTime(props.updatedAt))}
            </p>
          )}
        </div>
        <ConfiguredBadge configured={props.configured} />
      </header>
      {props.children}
    </section>
  );
}

function ConfiguredBadge({ configured }: { configured: boolean }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
        configured ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700"
      }`}
      data-testid="gateway-status"
    >
      {configured ? m.configured : m.notConfigured}
    </span>
  );
}

function CopyableUrl({ label, url }: { label: string; url: string }) {
  return (
    <div>
      <p className="label">{label}</p>
      <code className="block select-all break-all rounded-lg bg-slate-100 px-3 py-2 text-xs">
        {url}
      </code>
    </div>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function MercadoPagoPanel({
  config,
  webhookUrl,
  actionData,
}: {
  config: LoaderData["mercadopago"];
  webhookUrl: string;
  actionData: ActionData | undefined;
}) {
  const t = m.mercadoPago;
  const saving = useBusy("save-mercadopago");
  const testing = useBusy("test-mercadopago");
  const [form, fields] = useForm({
    id: "mercadopago-config",
    lastResult: lastResultFor(actionData, "save-mercadopago"),
    defaultValue: {
      publicKey: config.publicKey,
      sandboxMode: config.sandboxMode ? "on" : undefined,
      notificationUrl: config.notificationUrl,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mercadoPagoConfigSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [testForm, testFields] = useForm({
    id: "mercadopago-test",
    lastResult: lastResultFor(actionData, "test-mercadopago"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mercadoPagoTestSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <GatewaySection
      id="mercadopago"
      title={t.title}
      description={t.description}
      updatedAt={config.updatedAt}
      configured={config.configured}
    >
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="save-mercadopago" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField
          label={t.publicKey}
          errors={fields.publicKey.errors}
          errorId={fields.publicKey.errorId}
          {...getInputProps(fields.publicKey, { type: "text" })}
          autoComplete="off"
          spellCheck={false}
          maxLength={300}
          className="input font-mono"
        />
        <SecretField
          label={t.accessToken}
          field={fields.accessToken}
          masked={config.accessTokenMasked}
        />
        <SecretField
          label={t.webhookSecret}
          field={fields.webhookSecret}
          masked={config.webhookSecretMasked}
        />
        <div className="flex items-center gap-2">
          <input
            {...getInputProps(fields.sandboxMode, { type: "checkbox" })}
            className="h-4 w-4 rounded border-slate-300"
          />
          <label htmlFor={fields.sandboxMode.id} className="text-sm font-medium">
            {t.sandboxMode}
          </label>
        </div>
        <FieldFrame
          id={fields.notificationUrl.id}
          label={t.notificationUrl}
          hint={t.notificationHint(webhookUrl)}
          errors={fields.notificationUrl.errors}
          errorId={fields.notificationUrl.errorId}
        >
          <input
            className="input"
            {...getInputProps(fields.notificationUrl, { type: "url" })}
            {...fieldAria(fields.notificationUrl.errors, fields.notificationUrl.errorId)}
            placeholder={webhookUrl}
            maxLength={500}
          />
        </FieldFrame>
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? m.saving : m.save}
          </button>
        </div>
      </Form>
      <CopyableUrl label={t.webhookUrl} url={webhookUrl} />
      <Form
        method="post"
        className="space-y-3 border-t border-slate-200 pt-4"
        {...getFormProps(testForm)}
      >
        <input type="hidden" name="intent" value="test-mercadopago" />
        <h3 className="font-semibold">{t.testTitle}</h3>
        <FormErrors errors={testForm.errors} id={testForm.errorId} />
        <SecretField
          label={t.testToken}
          field={testFields.accessToken}
          masked={config.accessTokenMasked}
          hint={t.testTokenHint}
        />
        <div className="flex justify-end">
          <button type="submit" className="btn-secondary" disabled={testing}>
            {testing ? m.testing : m.test}
          </button>
        </div>
      </Form>
    </GatewaySection>
  );
}

function PagHiperPanel({
  config,
  webhookUrl,
  actionData,
}: {
  config: LoaderData["paghiper"];
  webhookUrl: string;
  actionData: ActionData | undefined;
}) {
  const t = m.pagHiper;
  const saving = useBusy("save-paghiper");
  const testing = useBusy("test-paghiper");
  const [form, fields] = useForm({
    id: "paghiper-config",
    lastResult: lastResultFor(actionData, "save-paghiper"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pagHiperConfigSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [testForm] = useForm({
    id: "paghiper-test",
    lastResult: lastResultFor(actionData, "test-paghiper"),
  });
  return (
    <GatewaySection
      id="paghiper"
      title={t.title}
      description={t.description}
      updatedAt={config.updatedAt}
      configured={config.configured}
    >
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="save-paghiper" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <SecretField label={t.apiKey} field={fields.apiKey} masked={config.apiKeyMasked} />
        <SecretField label={t.token} field={fields.token} masked={config.tokenMasked} />
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? m.saving : m.save}
          </button>
        </div>
      </Form>
      <CopyableUrl label={t.webhookUrl} url={webhookUrl} />
      <Form
        method="post"
        className="space-y-3 border-t border-slate-200 pt-4"
        {...getFormProps(testForm)}
      >
        <input type="hidden" name="intent" value="test-paghiper" />
        <FormErrors errors={testForm.errors} id={testForm.errorId} />
        {!config.configured && <p className="text-sm text-slate-600">{m.testNeedsConfig}</p>}
        <div className="flex justify-end">
          <button type="submit" className="btn-secondary" disabled={!config.configured || testing}>
            {testing ? m.testing : m.test}
          </button>
        </div>
      </Form>
    </GatewaySection>
  );
}

function Figures({ figures }: { figures: LoaderData["figures"] }) {
  const f = m.figures;
  const cell = "px-4 py-2";
  const head = "px-4 py-2 text-left font-semibold text-slate-600";
  const totalInvoices = figures.byStatus.reduce((sum, row) => sum + row.invoices, 0);
  return (
    <section className="space-y-4" aria-labelledby="figures-title">
      <h2 id="figures-title" className="text-xl font-bold">
        {f.title}
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="card overflow-x-auto">
          <table className="w-full text-sm" data-testid="figures-by-status">
            <caption className="px-4 pt-3 text-left font-semibold">{f.byStatus}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className={head}>
                  {f.status}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {f.invoices}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {f.amount}
                </th>
              </tr>
            </thead>
            <tbody>
              {totalInvoices === 0 && (
                <tr>
                  <td colSpan={3} className={`${cell} text-center text-slate-600`}>
                    {f.none}
                  </td>
                </tr>
              )}
              {figures.byStatus.map((row) => (
                <tr key={row.status} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    <PaymentStatusBadge status={row.status} />
                  </th>
                  <td className={`${cell} text-right tabular-nums`}>
                    {formatInteger(row.invoices)}
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>
                    {formatBRL(row.amountCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="card overflow-x-auto">
          <table className="w-full text-sm" data-testid="figures-by-gateway">
            <caption className="px-4 pt-3 text-left font-semibold">{f.byGateway}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className={head}>
                  {f.gateway}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {f.invoices}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {f.approved}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {f.approvedAmount}
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.byGateway.length === 0 && (
                <tr>
                  <td colSpan={4} className={`${cell} text-center text-slate-600`}>
                    {f.none}
                  </td>
                </tr>
              )}
              {figures.byGateway.map((row) => (
                <tr key={row.gateway} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className={`${cell} text-left font-medium`}>
                    {p.gateways[row.gateway] ?? row.gateway}
                  </th>
                  <td className={`${cell} text-right tabular-nums`}>
                    {formatInteger(row.invoices)}
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>
                    {formatInteger(row.approved)}
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>
                    {formatBRL(row.approvedCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <div className="card overflow-x-auto">
        <table className="w-full text-sm" data-testid="recent-transactions">
          <caption className="px-4 pt-3 text-left">
            <span className="font-semibold">{f.recent}</span>
            <span className="ml-2 text-xs text-slate-500">{f.recentHint}</span>
          </caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className={head}>
                {f.reference}
              </th>
              <th scope="col" className={head}>
                {f.user}
              </th>
              <th scope="col" className={head}>
                {f.gateway}
              </th>
              <th scope="col" className={head}>
                {f.status}
              </th>
              <th scope="col" className={`${head} text-right`}>
                {f.amount}
              </th>
              <th scope="col" className={head}>
                {f.when}
              </th>
            </tr>
          </thead>
          <tbody>
            {figures.recent.length === 0 && (
              <tr>
                <td colSpan={6} className={`${cell} text-center text-slate-600`}>
                  {f.none}
                </td>
              </tr>
            )}
            {figures.recent.map((row) => (
              <tr key={row.id} className="border-b border-slate-100 last:border-0">
                <th scope="row" className={`${cell} text-left font-normal`}>
                  <Link
                    to={`/admin-invoices?${new URLSearchParams({ q: row.externalReference })}`}
                    className="font-mono text-xs text-brand-700 underline"
                    aria-label={f.viewInList(row.externalReference)}
                  >
                    {row.externalReference}
                  </Link>
                </th>
                <td className={cell}>
                  {row.userName ?? messages.invoicesAdmin.userFallback(row.userId)}
                  {row.userEmail && (
                    <span className="block break-all text-xs text-slate-600">{row.userEmail}</span>
                  )}
                </td>
                <td className={cell}>{p.gateways[row.gateway] ?? row.gateway}</td>
                <td className={cell}>
                  <PaymentStatusBadge status={row.status} />
                </td>
                <td className={`${cell} whitespace-nowrap text-right tabular-nums`}>
                  {formatBRL(row.amountCents)}
                </td>
                <td className={`${cell} whitespace-nowrap`}>{formatDateTime(row.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function PaymentMethodsPage() {
  const { mercadopago, paghiper, webhooks, figures } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          <Link to="/admin-invoices" className="btn-secondary">
            {m.invoicesLink}
          </Link>
        }
      />
      {actionData && !actionData.intent && (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {messages.invoicesAdmin.invalidRequest}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <MercadoPagoPanel
          config={mercadopago}
          webhookUrl={webhooks.mercadopago}
          actionData={actionData}
        />
        <PagHiperPanel config={paghiper} webhookUrl={webhooks.paghiper} actionData={actionData} />
      </div>
      <Figures figures={figures} />
    </div>
  );
}

export function ErrorBoundary() {
  return <ListErrorBoundary message={messages.invoicesAdmin.loadFailed} />;
}
