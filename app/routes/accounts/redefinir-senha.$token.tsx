import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthForm, useAuthForm } from "~/components/auth-form";
import { AuthLayout, NewPasswordFields } from "~/components/auth-form-parts";
import { ResetLinks } from "~/components/reset-links";
import { SubmitButton } from "~/components/submit-button";
import { isResetLinkOpen, resetPassword } from "~/models/accounts/index.server";
import { resetPasswordSchema } from "~/schemas/accounts/password-reset";
import { clientIp, commitDeviceCookie, commitWebSession } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";
import { edgeRefusal, formInvalid, formRefusal } from "~/server/refusal.server";
import { toastCookie } from "~/server/toast.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { seoHeadFrom, seoMeta } from "~/utils/seo-meta";

export const access: Access = "public";

const m = messages.passwordReset;
const HIDDEN = ["password", "confirmPassword"];

// The token stays out of the page's canonical and og:url.
export const meta: MetaFunction = ({ matches }) =>
  seoMeta(seoHeadFrom(matches), {
    path: "/redefinir-senha",
    title: m.resetTitle,
  });

export function loader({ params }: LoaderFunctionArgs) {
  return { open: isResetLinkOpen(params.token ?? "") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: resetPasswordSchema });
  if (submission.status !== "success") return formInvalid(submission, { hideFields: HIDDEN });
  if (submission.value.honeypot)
    return formRefusal(submission, edgeRefusal("invalid_input", messages.auth.spam), {
      hideFields: HIDDEN,
    });
  const reset = await resetPassword({
    token: params.token ?? "",
    password: submission.value.password,
  });
  // The link is a page's, not a field's: its refusal shows above the form.
  if (!reset.ok)
    return formRefusal(submission, { ...reset, field: undefined }, { hideFields: HIDDEN });
  const user = reset.value;
  const headers = new Headers();
  headers.append("Set-Cookie", await commitWebSession(user, request, clientIp(context)));
  headers.append("Set-Cookie", (await commitDeviceCookie(user, request)).cookie);
  headers.append("Set-Cookie", await toastCookie({ type: "success", message: m.resetSuccess }));
  return redirect("/home", { headers });
}

export default function ResetPassword() {
  const { open } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { form, fields, redirectTo, submitting } = useAuthForm("reset-password", lastResult, () =>
    import("~/schemas/accounts/password-reset").then((schemas) => schemas.resetPasswordSchema),
  );

  if (!open)
    return (
      <AuthLayout title={m.invalidLinkTitle} subtitle={m.invalidLink}>
        <ResetLinks />
      </AuthLayout>
    );

  return (
    <AuthLayout title={m.resetTitle} subtitle={m.resetSubtitle}>
      <AuthForm form={form} redirectTo={redirectTo}>
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          labels={{ password: m.newPassword, confirmPassword: m.confirmPassword }}
        />
        <SubmitButton className="btn-primary w-full" busy={submitting} busyLabel={m.resetBusy}>
          {m.resetButton}
        </SubmitButton>
      </AuthForm>
    </AuthLayout>
  );
}
