import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthForm, useAuthForm } from "~/components/auth-form";
import { AccountEmailField, AuthLayout, AuthSwitchLink } from "~/components/auth-form-parts";
import { PasswordField } from "~/components/form-fields";
import { SubmitButton } from "~/components/submit-button";
import { ApiPingButton } from "~/components/api-ping-button";
import { loginSchema } from "~/schemas/accounts/auth";
import {
  authenticateForm,
  clientIp,
  commitDeviceCookie,
  commitWebSession,
  getOptionalUser,
  LoginError,
  safeRedirect,
} from "~/server/auth.server";
import { env } from "~/utils/env.server";
import * as messages from "~/messages";
import { readForm } from "~/server/forms.server";
import { edgeRefusal, formInvalid, formRefusal } from "~/server/refusal.server";
import { toastCookie } from "~/server/toast.server";
import type { Access } from "~/server/access";
import { seoHeadFrom, seoMeta } from "~/utils/seo-meta";

export const access: Access = "public";

const m = messages.auth;

export const meta: MetaFunction = ({ matches, location }) =>
  seoMeta(seoHeadFrom(matches), { path: location.pathname, title: m.loginTitle });

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (await getOptionalUser(request)) throw redirect(safeRedirect(redirectTo));
  return {
    showApiTest: env().NODE_ENV !== "production",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request.clone());
  const submission = parseWithZod(form, { schema: loginSchema });
  if (submission.status !== "success") {
    return formInvalid(submission, { hideFields: ["password"] });
  }
  try {
    const user = await authenticateForm(request, clientIp(context));
    const headers = new Headers();
    headers.append("Set-Cookie", await commitWebSession(user, request, clientIp(context)));
    // This browser is now a known device of the account: others' attempts won't keep it out.
    headers.append("Set-Cookie", (await commitDeviceCookie(user, request)).cookie);
    headers.append("Set-Cookie", await toastCookie({ type: "success", message: m.loginSuccess }));
    return redirect(safeRedirect(submission.value.redirectTo), { headers });
  } catch (error) {
    // A body the form strategy cannot read again is the sign-in failing, not the server.
    if (!(error instanceof LoginError)) console.error(error);
    const refusal =
      error instanceof LoginError ? error.refusal : edgeRefusal("invalid_input", m.loginFailed);
    return formRefusal(submission, refusal, { hideFields: ["password"] });
  }
}

export default function Login() {
  const { showApiTest } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { form, fields, redirectTo, submitting } = useAuthForm("login", lastResult, () =>
    import("~/schemas/accounts/auth").then((schemas) => schemas.loginSchema),
  );

  return (
    <AuthLayout title={m.loginTitle} subtitle={m.loginSubtitle}>
      <AuthForm form={form} redirectTo={redirectTo}>
        <AccountEmailField meta={fields.email} />
        <PasswordField meta={fields.password} label={m.password} autoComplete="current-password" />
        <p className="-mt-2 text-right text-sm">
          <Link to="/esqueci-senha" className="font-medium text-brand-700 hover:underline">
            {m.forgotPassword}
          </Link>
        </p>
        <SubmitButton className="btn-primary w-full" busy={submitting} busyLabel={m.loginBusy}>
          {m.loginButton}
        </SubmitButton>
      </AuthForm>
      <AuthSwitchLink
        prompt={m.noAccount}
        to="/register"
        label={m.createAccount}
        redirectTo={redirectTo}
      />
      {showApiTest && <ApiPingButton />}
    </AuthLayout>
  );
}
