import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthForm, useAuthForm } from "~/components/auth-form";
import { AccountEmailField, AuthLayout } from "~/components/auth-form-parts";
import { ResetLinks } from "~/components/reset-links";
import { SubmitButton } from "~/components/submit-button";
import { requestPasswordReset } from "~/models/accounts/index.server";
import { forgotPasswordSchema } from "~/schemas/accounts/password-reset";
import { clientIp, getOptionalUser } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";
import { edgeRefusal, formInvalid, formRefusal } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { seoHeadFrom, seoMeta } from "~/utils/seo-meta";

export const access: Access = "public";

const m = messages.passwordReset;

/** The confirmation's address: the same page, whether or not the e-mail has an account. */
const SENT = "/esqueci-senha?enviado=1";

export const meta: MetaFunction = ({ matches, location }) =>
  seoMeta(seoHeadFrom(matches), {
    path: location.pathname,
    title: m.forgotTitle,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOptionalUser(request)) throw redirect("/home");
  return { sent: new URL(request.url).searchParams.has("enviado") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: forgotPasswordSchema });
  if (submission.status !== "success") return formInvalid(submission);
  if (submission.value.honeypot)
    return formRefusal(submission, edgeRefusal("invalid_input", messages.auth.spam));
  const asked = await requestPasswordReset({
    email: submission.value.email,
    ip: clientIp(context),
  });
  if (!asked.ok) return formRefusal(submission, asked);
  return redirect(SENT);
}

export default function ForgotPassword() {
  const { sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { form, fields, redirectTo, submitting } = useAuthForm("forgot-password", lastResult, () =>
    import("~/schemas/accounts/password-reset").then((schemas) => schemas.forgotPasswordSchema),
  );

  if (sent)
    return (
      <AuthLayout title={m.sentTitle} subtitle={m.sent}>
        <p className="text-sm text-slate-600">{m.sentHint}</p>
        <ResetLinks className="mt-6" />
      </AuthLayout>
    );

  return (
    <AuthLayout title={m.forgotTitle} subtitle={m.forgotSubtitle}>
      <AuthForm form={form} redirectTo={redirectTo}>
        <AccountEmailField meta={fields.email} />
        <SubmitButton className="btn-primary w-full" busy={submitting} busyLabel={m.forgotBusy}>
          {m.forgotButton}
        </SubmitButton>
      </AuthForm>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          {m.backToLogin}
        </Link>
      </p>
    </AuthLayout>
  );
}
