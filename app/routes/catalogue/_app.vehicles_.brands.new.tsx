import type { MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { BrandFormDialog } from "~/components/catalogue/brand-form";
import { createBrand } from "~/models/catalogue/index.server";
import { brandSchema } from "~/schemas/catalogue/catalogue";
import { createDialogAction, guardOnlyLoader } from "~/server/form-action.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.catalogue;

export const meta: MetaFunction = () => [{ title: `${m.newBrand} — Encaixa` }];

export const loader = guardOnlyLoader(access);

export const action = createDialogAction(access, {
  schema: brandSchema,
  save: (value, adminId) => createBrand(value, adminId),
  back: "/vehicles/brands",
  success: m.brandCreated,
  failed: messages.failures.brandSave,
});

export default function NewBrand() {
  return (
    <BrandFormDialog
      title={m.newBrand}
      closeTo="/vehicles/brands"
      lastResult={useActionData<typeof action>()}
    />
  );
}
