import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DialogActions } from "~/components/admin/dialog-actions";
import { useListHref } from "~/components/catalogue/list-href";
import { FormErrors, PasswordField } from "~/components/form-fields";
import { RouteDialog } from "~/components/route-dialog";
import { changeCustomerPassword, getCustomer } from "~/models/accounts/index.server";
import { changePasswordSchema } from "~/schemas/customer";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { recordOr404 } from "~/server/responses.server";
import { useIsSubmitting } from "~/components/hooks";
import * as messages from "~/messages";
import { submitDialogForm } from "~/server/form-action.server";

export const access: Access = ["admin"];

const m = messages.customersAdmin;

const customerOr404 = (raw: string | undefined) => recordOr404(raw, getCustomer, m.notFound);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? m.passwordTitle(data.name) : m.notFound} — Encaixa` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return { name: customerOr404(params.id).name };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const customer = customerOr404(params.id);
  return submitDialogForm(request, {
    schema: changePasswordSchema,
    save: ({ password }) =>
      changeCustomerPassword({ userId: customer.id, password, actorId: admin.id }),
    back: "/customers",
    success: m.passwordChanged,
    hideFields: ["password", "confirmPassword"],
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
          meta={fields.password}
          label={m.fields.newPassword}
          autoComplete="new-password"
        />
        <PasswordField
          meta={fields.confirmPassword}
          label={m.fields.confirmPassword}
          autoComplete="new-password"
        />
        <DialogActions closeTo={closeTo} busy={busy} submitLabel={m.changePasswordButton} />
      </Form>
    </RouteDialog>
  );
}
