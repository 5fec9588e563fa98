import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { BrandFormDialog } from "~/components/catalogue/brand-form";
import { createBrand } from "~/models/catalogue/index.server";
import { brandSchema } from "~/schemas/catalogue";
import { submitDialogForm } from "~/server/form-action.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.catalogue;

export const meta: MetaFunction = () => [{ title: `${m.newBrand} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  return submitDialogForm(request, {
    schema: brandSchema,
    save: (value) => createBrand(value, admin.id),
    back: "/vehicles/brands",
    success: m.brandCreated,
  });
}

export default function NewBrand() {
  return (
    <BrandFormDialog
      title={m.newBrand}
      closeTo="/vehicles/brands"
      lastResult={useActionData<typeof action>()}
    />
  );
}
