import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { AuthForm, useAuthForm } from "~/components/auth-form";
import {
  AccountEmailField,
  AuthLayout,
  AuthSwitchLink,
  NewPasswordFields,
} from "~/components/auth-form-parts";
import { Field } from "~/components/form-fields";
import { SubmitButton } from "~/components/submit-button";
import { createAccount } from "~/models/accounts/index.server";
import { edgeRefusal, formInvalid, formRefusal } from "~/server/refusal.server";
import { registerSchema } from "~/schemas/accounts/auth";
import { clientIp, commitWebSession, getOptionalUser, safeRedirect } from "~/server/auth.server";
import * as messages from "~/messages";
import { readForm } from "~/server/forms.server";
import { toastCookie } from "~/server/toast.server";
import type { Access } from "~/server/access";
import { seoHeadFrom, seoMeta } from "~/utils/seo-meta";

export const access: Access = "public";

const m = messages.auth;

export const meta: MetaFunction = ({ matches, location }) =>
  seoMeta(seoHeadFrom(matches), { path: location.pathname, title: m.registerTitle });

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOptionalUser(request)) throw redirect("/home");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: registerSchema });
  const hidden = ["password", "confirmPassword"];
  if (submission.status !== "success") return formInvalid(submission, { hideFields: hidden });
  if (submission.value.honeypot)
    return formRefusal(submission, edgeRefusal("invalid_input", m.spam), { hideFields: hidden });
  const created = await createAccount(submission.value, { signupFrom: clientIp(context) });
  if (!created.ok) return formRefusal(submission, created, { hideFields: hidden });
  const user = created.value;
  const headers = new Headers();
  headers.append("Set-Cookie", await commitWebSession(user, request, clientIp(context)));
  headers.append("Set-Cookie", await toastCookie({ type: "success", message: m.registerSuccess }));
  return redirect(safeRedirect(form.get("redirectTo")), { headers });
}

export default function Register() {
  const lastResult = useActionData<typeof action>();
  const { form, fields, redirectTo, submitting } = useAuthForm("register", lastResult, () =>
    import("~/schemas/accounts/auth").then((schemas) => schemas.registerSchema),
  );

  return (
    <AuthLayout title={m.registerTitle} subtitle={m.registerSubtitle}>
      <AuthForm form={form} redirectTo={redirectTo}>
        <Field meta={fields.name} label={m.fullName} autoComplete="name" />
        <AccountEmailField meta={fields.email} />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          labels={m}
        />
        <SubmitButton className="btn-primary w-full" busy={submitting} busyLabel={m.registerBusy}>
          {m.registerButton}
        </SubmitButton>
        <p className="text-xs text-slate-600">
          {m.termsPrefix}{" "}
          <Link to="/termos" className="underline">
            {m.terms}
          </Link>{" "}
          {m.and}{" "}
          <Link to="/privacidade" className="underline">
            {m.privacy}
          </Link>
          .
        </p>
      </AuthForm>
      <AuthSwitchLink prompt={m.haveAccount} to="/login" label={m.signIn} redirectTo={redirectTo} />
    </AuthLayout>
  );
}
