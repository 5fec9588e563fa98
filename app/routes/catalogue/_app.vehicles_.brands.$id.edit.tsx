import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BrandFormDialog } from "~/components/catalogue/brand-form";
import { getBrand, renameBrand } from "~/models/catalogue/index.server";
import { brandSchema } from "~/schemas/catalogue";
import { formRefusal } from "~/server/refusal.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { recordOr404 } from "~/server/responses.server";
import * as messages from "~/messages";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

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
  const submission = parseWithZod(await readForm(request), { schema: brandSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = renameBrand(brand.id, submission.value, admin.id);
  if (!result.ok) return formRefusal(submission, result);
  return redirectWithToast("/vehicles/brands", { type: "success", message: m.brandUpdated });
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
