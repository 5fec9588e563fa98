import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSubmit,
} from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { DetailTile, DetailTiles } from "~/components/detail-tiles";
import { Field, FormErrors } from "~/components/form-fields";
import { useDeferredSchemaValidation } from "~/components/deferred-validation";
import { useHydrated, usePolling } from "~/components/hooks";
import { RouteDialog } from "~/components/route-dialog";
import { pixChargeOf, startPix, syncPayment } from "~/models/payments/index.server";
import type { Payment } from "~/models/accounts/index.server";
import { pixRequestSchema } from "~/schemas/payments/payments";
import type { Access } from "~/server/access";
import { readForm } from "~/server/forms.server";
import { edgeRefusal, formInvalid, formRefusal, throwRefusal } from "~/server/refusal.server";
import { redirectWithToast } from "~/server/toast.server";
import { CPF_INPUT_MAX } from "~/utils/cpf";
import { formatBRL, formatDateTime } from "~/utils/format";
import * as messages from "~/messages";
import { loadViewerInvoice } from "./_app.invoices.server";

/**
 * The PIX of one invoice. Without a live code: the CPF form ("Gerar QR Code"). With one: the QR
 * image (a data: PNG, which the CSP's img-src allows), the amount, when it expires, the code in
 * a read-only field (selectable without JavaScript) and "Copiar código PIX" (with it).
 *
 * Checking the payment: each load of this dialog asks PagHiper about a live pending code
 * (syncPayment), so with JavaScript the page reads itself again every 4 s while the code is
 * pending and not expired (the spec's polling by sync); without it, "Verificar pagamento" posts
 * and comes back here. No meta refresh: reloading would take the code away from someone
 * selecting it to copy. Approved: "Pagamento aprovado!", then (with JavaScript, after 0.8 s) the
 * list with a toast; expired: "PIX expirado" and the CPF form again (a new code reopens the
 * invoice); rejected, cancelled or refunded: said so, no more checking.
 */
export const access: Access = { roles: ["user", "premium_user"], fallback: "/admin-invoices" };

const m = messages.invoices;
const p = messages.payments;
const CLOSE_TO = "/invoices";
/** The spec polls a PIX's status every 4 s and leaves 0.8 s before reloading after approval. */
const POLL_MS = 4_000;
const APPROVED_DELAY_MS = 800;

const pixPath = (id: number) => `/invoices/${id}/pix`;

const loadInvoice = (request: Request, rawId: string | undefined) =>
  loadViewerInvoice(request, access, rawId);

/** A code PagHiper still takes for this pending invoice. */
function livePix(payment: Payment, now: Date) {
  const charge = pixChargeOf(payment);
  if (payment.status !== "pending" || payment.gateway !== "paghiper_pix" || !charge) return null;
  return charge.expiresAt > now ? charge : null;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? m.pixTitle(data.reference) : p.invoiceNotFound} — Encaixa` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, invoice } = await loadInvoice(request, params.id);
  const now = new Date();
  let payment = invoice;
  let syncError: string | null = null;
  if (livePix(payment, now) && payment.providerPaymentId) {
    const synced = await syncPayment(user, payment.id, "sync", now);
    if (synced.ok) payment = synced.value.payment;
    else syncError = synced.message;
  }
  const base = {
    id: payment.id,
    reference: payment.externalReference,
    amountCents: payment.amountCents,
    syncError,
  };
  if (payment.status === "approved") return { ...base, state: "approved" as const, charge: null };
  if (payment.status !== "pending" && payment.status !== "expired")
    return {
      ...base,
      state: "closed" as const,
      statusLabel: p.statuses[payment.status] ?? payment.status,
      charge: null,
    };
  const live = livePix(payment, now);
  if (!live)
    return {
      ...base,
      state: "form" as const,
      // Expired by the provider, or past its time before the poller said so.
      expired:
        payment.status === "expired" ||
        (payment.gateway === "paghiper_pix" && pixChargeOf(payment) !== null),
      charge: null,
    };
  return {
    ...base,
    state: "live" as const,
    charge: {
      pixCode: live.pixCode,
      pixQrDataUrl: live.pixQrDataUrl,
      amountCents: live.amountCents,
      expiresAtMs: live.expiresAt.getTime(),
      msLeftAtLoad: live.expiresAt.getTime() - now.getTime(),
      expiresAtText: formatDateTime(live.expiresAt),
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, invoice } = await loadInvoice(request, params.id);
  const form = await readForm(request);
  const intent = form.get("intent");
  const here = pixPath(invoice.id);

  if (intent === "sync") {
    const synced = await syncPayment(user, invoice.id);
    if (!synced.ok) return redirectWithToast(here, { type: "error", message: synced.message });
    if (synced.value.status === "pending")
      return redirectWithToast(here, { type: "info", message: m.stillPending });
    return redirect(here);
  }

  if (intent === "done") {
    if (invoice.status !== "approved") return redirect(here);
    return redirectWithToast(CLOSE_TO, {
      type: "success",
      message: m.approvedToast(invoice.externalReference),
    });
  }

  if (intent !== "generate") throwRefusal(edgeRefusal("invalid_input", m.unknownIntent));
  const submission = parseWithZod(form, { schema: pixRequestSchema });
  if (submission.status !== "success") return formInvalid(submission);
  const pix = await startPix(user, invoice.id, submission.value.cpf);
  if (!pix.ok) return formRefusal(submission, pix);
  // The plan's price changed: the code is for a new invoice at the current price (ADR 0028).
  const { replaced } = pix.value;
  if (replaced)
    return redirectWithToast(pixPath(pix.value.paymentId), {
      type: "info",
      message: p.repriced(
        replaced.externalReference,
        formatBRL(replaced.amountCents),
        pix.value.reference,
        formatBRL(pix.value.amountCents),
      ),
    });
  return redirect(here);
}

/** Milliseconds left until `untilMs`, ticking every second; null until JavaScript runs. */
function useTimeLeft(untilMs: number): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now === null ? null : Math.max(0, untilMs - now);
}

/** HH:MM:SS, rounding up so that 00:00:00 is the moment of expiry. */
function clock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const parts = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  return parts.map((n) => String(n).padStart(2, "0")).join(":");
}

/** Which of this page's forms is being sent, if any. */
function useSubmittingIntent(): string | null {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return null;
  const intent = navigation.formData?.get("intent");
  return typeof intent === "string" ? intent : null;
}

export default function PixDialog() {
  const view = useLoaderData<typeof loader>();
  return (
    <RouteDialog title={m.pixTitle(view.reference)} closeTo={CLOSE_TO}>
      {view.syncError && (
        <p className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {view.syncError}
        </p>
      )}
      {view.state === "approved" && <Approved />}
      {view.state === "closed" && (
        <p role="status" className="text-sm text-slate-700" data-testid="pix-closed">
          {m.closed(view.statusLabel)}
        </p>
      )}
      {view.state === "form" && <CpfForm expired={view.expired} amountCents={view.amountCents} />}
      {view.state === "live" && (
        <LivePix key={view.charge.expiresAtMs} reference={view.reference} charge={view.charge} />
      )}
      {view.state !== "approved" && (
        <Link to={CLOSE_TO} className="btn-ghost mt-4 w-full">
          {m.backToInvoices}
        </Link>
      )}
    </RouteDialog>
  );
}

function Approved() {
  const submit = useSubmit();
  const sent = useRef(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (sent.current) return;
      sent.current = true;
      submit({ intent: "done" }, { method: "post", replace: true });
    }, APPROVED_DELAY_MS);
    return () => clearTimeout(timer);
  }, [submit]);
  return (
    <div className="space-y-3 text-center">
      <p
        role="status"
        className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-lg font-semibold text-emerald-900"
        data-testid="pix-approved"
      >
        {m.approved}
      </p>
      <p className="text-sm text-slate-700">{m.approvedText}</p>
      <Link to={CLOSE_TO} className="btn-primary w-full">
        {m.backToInvoices}
      </Link>
    </div>
  );
}

function CpfForm({ expired, amountCents }: { expired: boolean; amountCents: number }) {
  const lastResult = useActionData<typeof action>();
  const busy = useSubmittingIntent() === "generate";
  // The schema loads on the first touch: a page showing its QR code never needs it (ADR 0063).
  const [form, fields] = useForm({
    id: "pix-cpf",
    lastResult,
    onValidate: useDeferredSchemaValidation(() =>
      import("~/schemas/payments/payments").then((schemas) => schemas.pixRequestSchema),
    ),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="space-y-4">
      {expired && (
        <div
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
          data-testid="pix-expired"
        >
          <p className="font-semibold">{m.expired}</p>
          <p className="text-sm">{m.expiredText}</p>
        </div>
      )}
      <p className="text-sm text-slate-700">
        {m.amountLabel}: <strong>{formatBRL(amountCents)}</strong>
      </p>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="generate" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <Field
          meta={fields.cpf}
          label={m.cpfLabel}
          inputMode="numeric"
          autoComplete="off"
          placeholder={m.cpfPlaceholder}
          maxLength={CPF_INPUT_MAX}
        />
        <p className="-mt-2 text-xs text-slate-500">{m.cpfHint}</p>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? m.generating : m.generate}
        </button>
      </Form>
    </div>
  );
}

type Charge = {
  pixCode: string;
  pixQrDataUrl: string;
  amountCents: number;
  expiresAtMs: number;
  /** The time left when the page was made: the countdown until JavaScript ticks it. */
  msLeftAtLoad: number;
  expiresAtText: string;
};

function LivePix({ reference, charge }: { reference: string; charge: Charge }) {
  const timeLeft = useTimeLeft(charge.expiresAtMs);
  const expiredHere = timeLeft === 0;
  usePolling(!expiredHere, POLL_MS);
  const verifying = useSubmittingIntent() === "sync";
  const hydrated = useHydrated();
  if (expiredHere) return <CpfForm expired amountCents={charge.amountCents} />;
  return (
    <div className="space-y-4">
      <img
        src={charge.pixQrDataUrl}
        alt={m.qrAlt(reference)}
        width={240}
        height={240}
        className="mx-auto h-60 w-60"
        data-testid="pix-qr"
      />
      <DetailTiles>
        <DetailTile label={m.amountLabel} testId="pix-amount">
          {formatBRL(charge.amountCents)}
        </DetailTile>
        <DetailTile label={m.expiresAt} testId="pix-expires-at">
          {charge.expiresAtText}
        </DetailTile>
        {/* Drawn from the first paint, so nothing moves when JavaScript starts the clock. */}
        <DetailTile
          label={m.timeLeft}
          testId="pix-countdown"
          wide
          valueClassName="font-mono text-lg font-semibold tabular-nums"
        >
          {clock(timeLeft ?? charge.msLeftAtLoad)}
        </DetailTile>
      </DetailTiles>
      <div>
        <label htmlFor="pix-code" className="label">
          {m.codeLabel}
        </label>
        <textarea
          id="pix-code"
          readOnly
          rows={4}
          value={charge.pixCode}
          onFocus={(event) => event.currentTarget.select()}
          className="input break-all font-mono text-xs"
          data-testid="pix-code"
        />
        <p className="mt-1 text-xs text-slate-500">{m.codeHint}</p>
      </div>
      <CopyButton code={charge.pixCode} fieldId="pix-code" />
      <p className="text-sm text-slate-600">{hydrated ? m.waiting : m.waitingNoJs}</p>
      <Form method="post" replace preventScrollReset>
        <input type="hidden" name="intent" value="sync" />
        <button type="submit" className="btn-secondary w-full" disabled={verifying}>
          {verifying ? m.verifying : m.verify}
        </button>
      </Form>
    </div>
  );
}

/** "Copiar código PIX": only once JavaScript runs; before that the field is there to select. */
function CopyButton({ code, fieldId }: { code: string; fieldId: string }) {
  const hydrated = useHydrated();
  const [result, setResult] = useState<"copied" | "failed" | null>(null);
  if (!hydrated) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setResult("copied");
    } catch {
      // No clipboard API (plain http) or no permission: select the code for the user.
      const field = document.getElementById(fieldId) as HTMLTextAreaElement | null;
      field?.focus();
      field?.select();
      setResult(document.execCommand?.("copy") ? "copied" : "failed");
    }
  };
  return (
    <div>
      <button type="button" className="btn-primary w-full" onClick={copy}>
        {m.copy}
      </button>
      {result && (
        <p role="status" className="mt-1 text-center text-sm text-slate-700">
          {result === "copied" ? m.copied : m.copyFailed}
        </p>
      )}
    </div>
  );
}
