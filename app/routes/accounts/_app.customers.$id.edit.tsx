import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CustomerFormDialog } from "~/components/admin/customer-form";
import { useListHref } from "~/components/catalogue/list-href";
import { getCustomer, updateCustomer } from "~/models/accounts/index.server";
import { customerEditSchema } from "~/schemas/customer";
import { formRefusal } from "~/server/refusal.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { recordOr404 } from "~/server/responses.server";
import * as messages from "~/messages";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

export const access: Access = ["admin"];

const m = messages.customersAdmin;

const customerOr404 = (raw: string | undefined) => recordOr404(raw, getCustomer, m.notFound);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? m.editTitle(data.name) : m.notFound} — Encaixa` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const customer = customerOr404(params.id);
  return {
    name: customer.name,
    values: {
      name: customer.name,
      email: customer.email,
      phone: customer.phone ?? "",
      company: customer.company ?? "",
      customerType: customer.customerType,
      status: customer.status,
      notes: customer.notes ?? "",
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const customer = customerOr404(params.id);
  const submission = parseWithZod(await readForm(request), { schema: customerEditSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const saved = updateCustomer(customer.id, submission.value, admin.id);
    if (!saved.ok) return formRefusal(submission, saved);
  } catch (error) {
    console.error(error);
    return data(submission.reply({ formErrors: [m.updateFailed] }), { status: 500 });
  }
  return redirectWithToast(`/customers${new URL(request.url).search}`, {
    type: "success",
    message: m.updated,
  });
}

export default function EditCustomer() {
  const { name, values } = useLoaderData<typeof loader>();
  return (
    <CustomerFormDialog
      mode="edit"
      title={m.editTitle(name)}
      closeTo={useListHref("/customers")}
      lastResult={useActionData<typeof action>()}
      defaultValue={values}
    />
  );
}
