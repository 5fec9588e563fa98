import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete";
import { useListHref } from "~/components/catalogue/list-href";
import { deleteVehicle, getVehicle, vehicleLabel } from "~/models/catalogue/index.server";
import { dialogRefusal } from "~/server/refusal.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { recordOr404 } from "~/server/responses.server";
import * as messages from "~/messages";
import { redirectWithToast } from "~/server/toast.server";

export const access: Access = ["admin"];

const m = messages.catalogue;

export const meta: MetaFunction = () => [{ title: `${m.deleteVehicle} — Encaixa` }];

const vehicleOr404 = (raw: string | undefined) => recordOr404(raw, getVehicle, m.vehicleNotFound);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const vehicle = vehicleOr404(params.id);
  return { label: vehicleLabel(vehicle), fitments: vehicle.compatibleParts };
}

/** The vehicle goes with its fitments (the confirmation says how many); parts are untouched. */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const result = deleteVehicle(vehicleOr404(params.id).id, admin.id);
  if (!result.ok) return dialogRefusal(result);
  return redirectWithToast(`/vehicles${new URL(request.url).search}`, {
    type: "success",
    message: m.vehicleDeleted,
  });
}

export default function DeleteVehicle() {
  const { label, fitments } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ConfirmDeleteDialog
      title={m.deleteVehicle}
      message={m.confirmDeleteVehicle(label, fitments)}
      closeTo={useListHref("/vehicles")}
      error={actionData?.error}
    />
  );
}
