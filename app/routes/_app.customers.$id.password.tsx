import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useListHref } from "~/components/catalogue/list-href";
import { FormErrors, PasswordField } from "~/components/form-fields";
import { RouteDialog } from "~/components/route-dialog";
import { changeCustomerPassword, getCustomer } from "~/models/customer.server";
import { parsePathId } from "~/schemas/api-search";
import { changePasswordSchema } from "~/schemas/customer";
import { requireAdmin } from "~/server/auth.server";
import { useIsSubmitting } from "~/components/hooks";
import { messages } from "~/utils/messages";
import { redirectWithToast } from "~/server/toast.server";

const m = messages.customersAdmin;

function customerOr404(raw: string | undefined) {
  const id = parsePathId(raw);
  const customer = id === null ? undefined : getCustomer(id);
  if (!customer) throw new Response(m.notFound, { status: 404 });
  return customer;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? m.passwordTitle(data.name) : m.notFound} — Encaixa` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { name: customerOr404(params.id).name };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const customer = customerOr404(params.id);
  const submission = parseWithZod(await request.formData(), { schema: changePasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success")
    return data(submission.reply({ hideFields }), { status: 400 });
  try {
    await changeCustomerPassword({
      userId: customer.id,
      password: submission.value.password,
      actorId: admin.id,
    });
  } catch (error) {
    console.error(error);
    return data(submission.reply({ formErrors: [m.passwordFailed], hideFields }), { status: 500 });
  }
  return redirectWithToast(`/customers${new URL(request.url).search}`, {
    type: "success",
    message: m.passwordChanged,
  });
}

export default function ChangePassword() {
  const { name } = useLoaderData<typeof loader>();
  const closeTo = useListHref("/customers");
  const busy = useIsSubmitting();
  const [form, fields] = useForm({
    id: "customer-password",
    lastResult: useActionData<typeof action>(),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <RouteDialog title={m.passwordTitle(name)} closeTo={closeTo}>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <PasswordField
          label={m.fields.newPassword}
          errors={fields.password.errors}
          errorId={fields.password.errorId}
          {...getInputProps(fields.password, { type: "password" })}
          autoComplete="new-password"
        />
        <PasswordField
          label={m.fields.confirmPassword}
          errors={fields.confirmPassword.errors}
          errorId={fields.confirmPassword.errorId}
          {...getInputProps(fields.confirmPassword, { type: "password" })}
          autoComplete="new-password"
        />
        <div className="flex justify-end gap-2">
          <Link to={closeTo} className="btn-secondary" preventScrollReset>
            {messages.admin.cancel}
          </Link>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? messages.admin.saving : m.changePasswordButton}
          </button>
        </div>
      </Form>
    </RouteDialog>
  );
}
