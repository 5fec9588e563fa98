import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { vehicleFields } from "~/api/views/vehicles";
import { useListHref } from "~/components/catalogue/list-href";
import { VehicleFormDialog, type VehicleFormValues } from "~/components/catalogue/vehicle-form";
import { getVehicle, updateVehicle, vehicleBrandNames } from "~/models/catalogue/index.server";
import { vehicleSchema } from "~/schemas/catalogue/catalogue";
import { submitDialogForm } from "~/server/form-action.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { recordOr404 } from "~/server/responses.server";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.catalogue;

export const meta: MetaFunction = () => [{ title: `${m.editVehicle} — Encaixa` }];

const vehicleOr404 = (raw: string | undefined) => recordOr404(raw, getVehicle, m.vehicleNotFound);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const vehicle = vehicleOr404(params.id);
  return {
    // The form's fields are named as the API's (schemas/catalogue): the API's Vehicle fills them.
    vehicle: {
      ...vehicleFields(vehicle),
      vehicle_type: vehicle.vehicleType,
    } satisfies VehicleFormValues,
    brands: vehicleBrandNames(),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const vehicle = vehicleOr404(params.id);
  return submitDialogForm(request, {
    schema: vehicleSchema,
    save: (value) => updateVehicle(vehicle.id, value, admin.id),
    back: "/vehicles",
    success: m.vehicleUpdated,
  });
}

export default function EditVehicle() {
  const { vehicle, brands } = useLoaderData<typeof loader>();
  return (
    <VehicleFormDialog
      title={m.editVehicle}
      closeTo={useListHref("/vehicles")}
      lastResult={useActionData<typeof action>()}
      defaultValue={vehicle}
      brands={brands}
    />
  );
}
