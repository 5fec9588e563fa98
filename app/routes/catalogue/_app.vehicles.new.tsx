import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useListHref } from "~/components/catalogue/list-href";
import { VehicleFormDialog } from "~/components/catalogue/vehicle-form";
import { createVehicle, vehicleBrandNames } from "~/models/catalogue/index.server";
import { parseVehicleListQuery, vehicleSchema } from "~/schemas/catalogue/catalogue";
import { createDialogAction } from "~/server/form-action.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.catalogue;

export const meta: MetaFunction = () => [{ title: `${m.newVehicle} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return {
    brands: vehicleBrandNames(),
    vehicleType: parseVehicleListQuery(new URL(request.url).searchParams).type,
  };
}

export const action = createDialogAction(access, {
  schema: vehicleSchema,
  save: (value, adminId) => createVehicle(value, adminId),
  back: "/vehicles",
  success: m.vehicleCreated,
});

export default function NewVehicle() {
  const { brands, vehicleType } = useLoaderData<typeof loader>();
  return (
    <VehicleFormDialog
      title={m.newVehicle}
      closeTo={useListHref("/vehicles")}
      lastResult={useActionData<typeof action>()}
      defaultValue={{ vehicle_type: vehicleType }}
      brands={brands}
    />
  );
}
