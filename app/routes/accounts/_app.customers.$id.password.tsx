import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DialogActions } from "~/components/admin/dialog-actions";
import { useListHref } from "~/components/catalogue/list-href";
import { FormErrors, PasswordField } from "~/components/form-fields";
import { RouteDialog } from "~/components/route-dialog";
import { changeCustomerPassword } from "~/models/accounts/index.server";
import { changePasswordSchema } from "~/schemas/accounts/customer";
import type { Access } from "~/server/access";
import { useIsSubmitting } from "~/components/hooks";
import * as messages from "~/messages";
import { recordLoader, requireRecord, submitDialogForm } from "~/server/form-action.server";
import { customerAt } from "./customers.server";

export const access: Access = ["admin"];

const m = messages.customersAdmin;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? m.passwordTitle(data.name) : m.notFound} — Encaixa` },
];

export const loader = recordLoader(access, customerAt, ({ name }) => ({ name }));

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: customer } = await requireRecord(request, access, customerAt(params.id));
  return submitDialogForm(request, {
    schema: changePasswordSchema,
    save: ({ password }) =>
      changeCustomerPassword({ userId: customer.id, password, actorId: actor.id }),
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
