import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BrandFormDialog } from "~/components/catalogue/brand-form";
import { getBrand, renameBrand } from "~/models/catalogue/index.server";
import { brandSchema } from "~/schemas/catalogue/catalogue";
import { submitDialogForm } from "~/server/form-action.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { recordOr404 } from "~/server/responses.server";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.catalogue;

export const meta: MetaFunction = () => [{ title: `${m.editBrand} — Encaixa` }];

const brandOr404 = (raw: string | undefined) => recordOr404(raw, getBrand, m.brandNotFound);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const brand = brandOr404(params.id);
  return { name: brand.name, vehiclesCount: brand.vehiclesCount };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const brand = brandOr404(params.id);
  return submitDialogForm(request, {
    schema: brandSchema,
    save: (value) => renameBrand(brand.id, value, admin.id),
    back: "/vehicles/brands",
    success: m.brandUpdated,
    failed: messages.failures.brandSave,
  });
}

export default function EditBrand() {
  const { name, vehiclesCount } = useLoaderData<typeof loader>();
  return (
    <BrandFormDialog
      title={m.editBrand}
      closeTo="/vehicles/brands"
      lastResult={useActionData<typeof action>()}
      defaultName={name}
      hint={vehiclesCount > 0 ? m.brandRenameHint : undefined}
    />
  );
}
