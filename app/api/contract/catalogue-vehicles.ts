import { z } from "zod";
import { brandViewSchema } from "~/api/views/brands";
import { vehicleDetailViewSchema, vehicleViewSchema } from "~/api/views/vehicles";
import {
  apiBrandSchema,
  apiVehicleCompatibleIdsSchema,
  apiVehicleSchema,
} from "~/schemas/catalogue/catalogue";
import * as messages from "~/messages";
import { ADMIN, deletedId, idParams, sample } from "./catalogue-shared";
import { endpoint, type Endpoint } from "./endpoint";
import { sampleBodies, sampleBrand, sampleVehicle, sampleVehicleDetail } from "./sample-data";

/** The vehicles' and brands' /api operations (app/routes/catalogue/api.vehicles*.ts, api.brands*.ts). */

const t = messages.contractCatalogue;

const brandPath = "/api/brands/{id}";

const brands: Endpoint[] = [
  endpoint({
    method: "get",
    path: "/api/brands",
    summary: t.brands.list,
    description: t.brands.listDescription,
    tag: t.tags.vehicles,
    access: ADMIN,
    answers: {
      200: {
        description: t.brands.listed,
        data: z.array(brandViewSchema),
        example: sample([sampleBrand]),
      },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/brands",
    summary: t.brands.create,
    tag: t.tags.vehicles,
    access: ADMIN,
    body: apiBrandSchema,
    bodyExample: sampleBodies.brand,
    answers: {
      201: {
        description: t.brands.created,
        data: brandViewSchema,
        example: sample({ ...sampleBrand, vehicles_count: 0 }, messages.catalogue.brandCreated),
      },
      400: { description: t.brands.invalid },
    },
  }),
  endpoint({
    method: "get",
    path: brandPath,
    summary: t.brands.get,
    tag: t.tags.vehicles,
    access: ADMIN,
    params: idParams,
    answers: {
      200: { description: t.brands.found, data: brandViewSchema, example: sample(sampleBrand) },
      404: { description: t.brands.notFound },
    },
  }),
  endpoint({
    method: "put",
    path: brandPath,
    summary: t.brands.update,
    description: t.brands.updateDescription,
    tag: t.tags.vehicles,
    access: ADMIN,
    params: idParams,
    body: apiBrandSchema,
    bodyExample: sampleBodies.brand,
    answers: {
      200: {
        description: t.brands.saved,
        data: brandViewSchema.extend({ vehicles_renamed: z.int() }),
        example: sample({ ...sampleBrand, vehicles_renamed: 58 }, messages.catalogue.brandUpdated),
      },
      400: { description: t.brands.invalid },
      404: { description: t.brands.notFound },
    },
  }),
  endpoint({
    method: "delete",
    path: brandPath,
    summary: t.brands.remove,
    description: t.brands.removeDescription,
    tag: t.tags.vehicles,
    access: ADMIN,
    params: idParams,
    answers: {
      200: {
        description: t.brands.removed,
        data: deletedId,
        example: sample({ id: sampleBrand.id }, messages.catalogue.brandDeleted),
      },
      404: { description: t.brands.notFound },
      409: { description: t.brands.inUse },
    },
  }),
];

const vehiclePath = "/api/vehicles/{id}";

const vehicles: Endpoint[] = [
  endpoint({
    method: "post",
    path: "/api/vehicles",
    summary: t.vehicles.create,
    tag: t.tags.vehicles,
    access: ADMIN,
    body: apiVehicleSchema,
    bodyExample: sampleBodies.vehicle,
    answers: {
      201: {
        description: t.vehicles.created,
        data: vehicleViewSchema,
        example: sample(
          { ...sampleVehicle, compat_count: 0, compatible_parts_count: 0 },
          messages.catalogue.vehicleCreated,
        ),
      },
      400: { description: t.vehicles.invalid },
      409: { description: t.vehicles.duplicate },
    },
  }),
  endpoint({
    method: "get",
    path: vehiclePath,
    summary: t.vehicles.get,
    description: t.vehicles.getDescription,
    tag: t.tags.vehicles,
    access: ADMIN,
    params: idParams,
    answers: {
      200: {
        description: t.vehicles.found,
        data: vehicleDetailViewSchema,
        example: sample(sampleVehicleDetail),
      },
      404: { description: t.vehicles.notFound },
    },
  }),
  endpoint({
    method: "put",
    path: vehiclePath,
    summary: t.vehicles.update,
    description: t.vehicles.updateDescription,
    tag: t.tags.vehicles,
    access: ADMIN,
    params: idParams,
    // One body read twice by the route: the vehicle's fields, then the parts it fits.
    body: z.intersection(apiVehicleSchema, apiVehicleCompatibleIdsSchema),
    bodyExample: { ...sampleBodies.vehicle, compatible_part_ids: [128, 127] },
    answers: {
      200: {
        description: t.vehicles.saved,
        data: vehicleViewSchema,
        example: sample(sampleVehicle, messages.catalogue.vehicleUpdated),
      },
      400: { description: t.vehicles.invalid },
      404: { description: t.vehicles.notFound },
      409: { description: t.vehicles.duplicate },
    },
  }),
  endpoint({
    method: "delete",
    path: vehiclePath,
    summary: t.vehicles.remove,
    description: t.vehicles.removeDescription,
    tag: t.tags.vehicles,
    access: ADMIN,
    params: idParams,
    answers: {
      200: {
        description: t.vehicles.removed,
        data: z.object({ id: z.int(), removed_compatibilities: z.int() }),
        example: sample(
          { id: sampleVehicle.id, removed_compatibilities: 37 },
          messages.catalogue.vehicleDeleted,
        ),
      },
      404: { description: t.vehicles.notFound },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/vehicles/brands",
    summary: t.vehicles.brandNames,
    description: t.vehicles.brandNamesDescription,
    tag: t.tags.vehicles,
    access: "signed-in",
    answers: {
      200: {
        description: t.vehicles.brandNamesListed,
        data: z.array(z.string()),
        example: sample(["Chevrolet", "Fiat", "Ford", "Volkswagen"]),
      },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/vehicles/years",
    summary: t.vehicles.years,
    description: t.vehicles.yearsDescription,
    tag: t.tags.vehicles,
    access: ADMIN,
    answers: {
      200: {
        description: t.vehicles.yearsListed,
        data: z.array(z.int()),
        example: sample([2016, 2015, 2014, 2013]),
      },
    },
  }),
];

export const vehicleEndpoints: Endpoint[] = [...brands, ...vehicles];
