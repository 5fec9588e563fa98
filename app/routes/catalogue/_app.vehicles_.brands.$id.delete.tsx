import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete";
import { deleteBrand, getBrand } from "~/models/catalogue/index.server";
import { dialogRefusal } from "~/server/refusal.server";
import { dialogFailure, orFailure } from "~/server/failure.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { recordOr404 } from "~/server/responses.server";
import * as messages from "~/messages";
import { redirectWithToast } from "~/server/toast.server";

export const access: Access = ["admin"];

const m = messages.catalogue;

export const meta: MetaFunction = () => [{ title: `${m.deleteBrand} — Encaixa` }];

const brandOr404 = (raw: string | undefined) => recordOr404(raw, getBrand, m.brandNotFound);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return { name: brandOr404(params.id).name };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const id = brandOr404(params.id).id;
  const result = await orFailure(
    "/vehicles/brands",
    () => deleteBrand(id, admin.id),
    () => null,
  );
  if (!result) return dialogFailure(messages.failures.brandDelete);
  if (!result.ok) return dialogRefusal(result);
  return redirectWithToast("/vehicles/brands", { type: "success", message: m.brandDeleted });
}

export default function DeleteBrand() {
  const { name } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ConfirmDeleteDialog
      title={m.deleteBrand}
      message={m.confirmDeleteBrand(name)}
      closeTo="/vehicles/brands"
      error={actionData?.error}
    />
  );
}
