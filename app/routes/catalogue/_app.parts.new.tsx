import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PartFormDialog } from "~/components/admin/part-form";
import { partCategoryOptions, vehicleBrandNames } from "~/models/catalogue/index.server";
import {
  initialVehiclePicker,
  partFormDefaults,
  submitPartForm,
} from "./_app.parts.form.server";
import { partListSearch } from "~/schemas/part";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { redirectWithToast } from "~/server/toast.server";

export const access: Access = ["admin"];

const m = messages.parts;

export const meta: MetaFunction = () => [{ title: `${m.newPart} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return {
    categories: partCategoryOptions(),
    brands: vehicleBrandNames(),
    picker: initialVehiclePicker(),
    defaultValue: partFormDefaults(),
    back: `/parts${partListSearch(new URL(request.url).searchParams)}`,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const back = `/parts${partListSearch(new URL(request.url).searchParams)}`;
  const outcome = await submitPartForm(request, { actorId: admin.id });
  if (outcome.type === "saved")
    return redirectWithToast(back, { type: "success", message: m.created });
  return data({ result: outcome.result, picker: outcome.picker }, { status: outcome.status });
}

export default function NewPart() {
  return (
    <PartFormDialog
      id="part-new"
      title={m.newPart}
      loaded={useLoaderData<typeof loader>()}
      answer={useActionData<typeof action>()}
    />
  );
}
