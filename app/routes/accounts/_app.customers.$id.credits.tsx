import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DialogActions } from "~/components/admin/dialog-actions";
import { useListHref } from "~/components/catalogue/list-href";
import { Field, FormErrors } from "~/components/form-fields";
import { RouteDialog } from "~/components/route-dialog";
import { addCredits } from "~/models/accounts/index.server";
import { addCreditsSchema, CREDITS_GRANT_MAX } from "~/schemas/accounts/customer";
import type { Access } from "~/server/access";
import { useIsSubmitting } from "~/components/hooks";
import { formatInteger } from "~/utils/format";
import * as messages from "~/messages";
import { recordLoader, requireRecord, submitDialogForm } from "~/server/form-action.server";
import { customerAt } from "./customers.server";

export const access: Access = ["admin"];

const m = messages.customersAdmin;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? m.creditsTitle(data.name) : m.notFound} — Encaixa` },
];

export const loader = recordLoader(access, customerAt, (customer) => ({
  name: customer.name,
  balance: customer.creditsBalance,
}));

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, record: customer } = await requireRecord(request, access, customerAt(params.id));
  return submitDialogForm(request, {
    schema: addCreditsSchema,
    save: ({ amount }) => {
      addCredits({ userId: customer.id, amount, actorId: actor.id });
    },
    back: "/customers",
    success: m.creditsUpdated,
    failed: messages.failures.addCredits,
  });
}

export default function CustomerCredits() {
  const { name, balance } = useLoaderData<typeof loader>();
  const closeTo = useListHref("/customers");
  const busy = useIsSubmitting();
  const [form, fields] = useForm({
    id: "customer-credits",
    lastResult: useActionData<typeof action>(),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addCreditsSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <RouteDialog title={m.creditsTitle(name)} closeTo={closeTo}>
      <p className="text-sm font-medium" data-testid="credits-balance">
        {m.currentBalance(balance)}
      </p>
      <p className="mt-1 text-sm text-slate-600">{m.creditsHint}</p>
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <Field
          meta={fields.amount}
          type="number"
          label={m.fields.amount}
          min={1}
          max={CREDITS_GRANT_MAX}
          step={1}
          inputMode="numeric"
          placeholder={formatInteger(10)}
        />
        <DialogActions closeTo={closeTo} busy={busy} submitLabel={m.addCreditsButton} />
      </Form>
    </RouteDialog>
  );
}
