import { z } from "zod";
import { categoryViewSchema } from "~/api/views/categories";
import {
  alternativeCodeViewSchema,
  partAdminRowViewSchema,
  partDetailViewSchema,
} from "~/api/views/parts";
import { apiCategoryListSchema, apiCategorySchema } from "~/schemas/catalogue/catalogue";
import {
  apiAlternativeCodeSchema,
  apiFitmentSchema,
  apiPartListSchema,
  apiPartSchema,
} from "~/schemas/catalogue/part-api";
import * as messages from "~/messages";
import { ADMIN, deletedId, idParams, pathIdSchema, sample } from "./catalogue-shared";
import { endpoint, type Endpoint } from "./endpoint";
import {
  sampleAlternativeCode,
  sampleBodies,
  sampleCategory,
  sampleFitment,
  samplePartAdminRow,
  samplePartDetail,
} from "./sample-data";

/**
 * The parts' /api operations (app/routes/catalogue/api.parts*.ts): parts, their alternative codes
 * and vehicles, and the part categories.
 */

const t = messages.contractCatalogue;

/** What a list by window (`limit`, `offset`) answers beside `data`. */
const windowExtra = z.object({ total: z.int(), limit: z.int(), offset: z.int() });

const partPath = "/api/parts/{id}";

const parts: Endpoint[] = [
  endpoint({
    method: "get",
    path: "/api/parts",
    summary: t.parts.list,
    description: t.parts.listDescription,
    tag: t.tags.catalogue,
    access: ADMIN,
    query: apiPartListSchema,
    answers: {
      200: {
        description: t.parts.list200,
        data: z.array(partAdminRowViewSchema),
        extra: windowExtra,
        example: { ...sample([samplePartAdminRow]), total: 1, limit: 20, offset: 0 },
      },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/parts",
    summary: t.parts.create,
    description: t.parts.createDescription,
    tag: t.tags.catalogue,
    access: ADMIN,
    body: apiPartSchema,
    bodyExample: sampleBodies.part,
    answers: {
      201: {
        description: t.parts.created,
        data: partDetailViewSchema,
        example: sample(samplePartDetail, messages.parts.created),
      },
      400: { description: t.parts.invalid },
      409: { description: t.parts.duplicate },
    },
  }),
  endpoint({
    method: "get",
    path: partPath,
    summary: t.parts.get,
    description: t.parts.getDescription,
    tag: t.tags.catalogue,
    access: "signed-in",
    params: idParams,
    answers: {
      200: {
        description: t.parts.found,
        data: partDetailViewSchema,
        example: sample(samplePartDetail),
      },
      404: { description: t.parts.notFound },
    },
  }),
  endpoint({
    method: "put",
    path: partPath,
    summary: t.parts.update,
    description: t.parts.updateDescription,
    tag: t.tags.catalogue,
    access: ADMIN,
    params: idParams,
    body: apiPartSchema,
    answers: {
      200: {
        description: t.parts.saved,
        data: partDetailViewSchema,
        example: sample(samplePartDetail, messages.parts.updated),
      },
      400: { description: t.parts.invalid },
      404: { description: t.parts.notFound },
      409: { description: t.parts.duplicate },
    },
  }),
  endpoint({
    method: "delete",
    path: partPath,
    summary: t.parts.remove,
    description: t.parts.removeDescription,
    tag: t.tags.catalogue,
    access: ADMIN,
    params: idParams,
    answers: {
      200: {
        description: t.parts.removed,
        data: z.object({ id: z.int(), code: z.string() }),
        example: sample(
          { id: samplePartDetail.id, code: samplePartDetail.code },
          messages.parts.deleted,
        ),
      },
      404: { description: t.parts.notFound },
    },
  }),
];

const alternativeCodes: Endpoint[] = [
  endpoint({
    method: "get",
    path: "/api/parts/{id}/alternative-codes",
    summary: t.alternativeCodes.list,
    description: t.alternativeCodes.listDescription,
    tag: t.tags.catalogue,
    access: ADMIN,
    params: idParams,
    answers: {
      200: {
        description: t.alternativeCodes.listed,
        data: z.array(alternativeCodeViewSchema),
        example: sample([sampleAlternativeCode]),
      },
      404: { description: t.parts.notFound },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/parts/{id}/alternative-codes",
    summary: t.alternativeCodes.add,
    tag: t.tags.catalogue,
    access: ADMIN,
    params: idParams,
    body: apiAlternativeCodeSchema,
    bodyExample: sampleBodies.alternativeCode,
    answers: {
      201: {
        description: t.alternativeCodes.added,
        data: alternativeCodeViewSchema,
        example: sample(sampleAlternativeCode, messages.parts.alternativeCodeAdded),
      },
      400: { description: t.parts.invalid },
      404: { description: t.parts.notFound },
      409: { description: t.alternativeCodes.duplicate },
    },
  }),
  endpoint({
    method: "delete",
    path: "/api/parts/{id}/alternative-codes/{code}",
    summary: t.alternativeCodes.remove,
    description: t.alternativeCodes.removeDescription,
    tag: t.tags.catalogue,
    access: ADMIN,
    params: z.object({ id: pathIdSchema, code: z.string().min(1).max(200) }),
    answers: {
      200: {
        description: t.alternativeCodes.removed,
        data: alternativeCodeViewSchema,
        example: sample(sampleAlternativeCode, messages.parts.alternativeCodeRemoved),
      },
      404: { description: t.alternativeCodes.notFound },
    },
  }),
];

const fitment = z.object({ part_id: z.int(), vehicle_id: z.int(), notes: z.string().nullable() });

const fitments: Endpoint[] = [
  endpoint({
    method: "post",
    path: "/api/parts/{id}/vehicles",
    summary: t.fitments.link,
    description: t.fitments.linkDescription,
    tag: t.tags.catalogue,
    access: ADMIN,
    params: idParams,
    body: apiFitmentSchema,
    bodyExample: sampleBodies.fitment,
    answers: {
      200: {
        description: t.fitments.notesUpdated,
        data: fitment,
        example: sample(sampleFitment, messages.parts.fitmentUpdated),
      },
      201: {
        description: t.fitments.linked,
        data: fitment,
        example: sample(sampleFitment, messages.parts.fitmentLinked),
      },
      400: { description: t.fitments.invalid },
      404: { description: t.parts.notFound },
    },
  }),
  endpoint({
    method: "delete",
    path: "/api/parts/{id}/vehicles/{vehicleId}",
    summary: t.fitments.unlink,
    tag: t.tags.catalogue,
    access: ADMIN,
    params: z.object({ id: pathIdSchema, vehicleId: pathIdSchema }),
    answers: {
      200: {
        description: t.fitments.unlinked,
        data: z.object({ part_id: z.int(), vehicle_id: z.int() }),
        example: sample(
          { part_id: sampleFitment.part_id, vehicle_id: sampleFitment.vehicle_id },
          messages.parts.fitmentUnlinked,
        ),
      },
      404: { description: t.fitments.notFound },
    },
  }),
];

const categoryPath = "/api/parts/categories/{id}";

const categories: Endpoint[] = [
  endpoint({
    method: "get",
    path: "/api/parts/categories",
    summary: t.categories.list,
    description: t.categories.listDescription,
    tag: t.tags.catalogue,
    access: "signed-in",
    query: apiCategoryListSchema,
    answers: {
      200: {
        description: t.categories.listed,
        data: z.array(categoryViewSchema),
        example: sample([sampleCategory]),
      },
    },
  }),
  endpoint({
    method: "post",
    path: "/api/parts/categories",
    summary: t.categories.create,
    tag: t.tags.catalogue,
    access: ADMIN,
    body: apiCategorySchema,
    bodyExample: sampleBodies.category,
    answers: {
      201: {
        description: t.categories.created,
        data: categoryViewSchema,
        example: sample({ ...sampleCategory, parts_count: 0 }, messages.catalogue.categoryCreated),
      },
      400: { description: t.categories.invalid },
    },
  }),
  endpoint({
    method: "get",
    path: categoryPath,
    summary: t.categories.get,
    tag: t.tags.catalogue,
    access: "signed-in",
    params: idParams,
    answers: {
      200: {
        description: t.categories.found,
        data: categoryViewSchema,
        example: sample(sampleCategory),
      },
      404: { description: t.categories.notFound },
    },
  }),
  endpoint({
    method: "put",
    path: categoryPath,
    summary: t.categories.update,
    tag: t.tags.catalogue,
    access: ADMIN,
    params: idParams,
    body: apiCategorySchema,
    bodyExample: sampleBodies.category,
    answers: {
      200: {
        description: t.categories.saved,
        data: categoryViewSchema,
        example: sample(sampleCategory, messages.catalogue.categoryUpdated),
      },
      400: { description: t.categories.invalid },
      404: { description: t.categories.notFound },
    },
  }),
  endpoint({
    method: "delete",
    path: categoryPath,
    summary: t.categories.remove,
    description: t.categories.removeDescription,
    tag: t.tags.catalogue,
    access: ADMIN,
    params: idParams,
    answers: {
      200: {
        description: t.categories.removed,
        data: deletedId,
        example: sample({ id: sampleCategory.id }, messages.catalogue.categoryDeleted),
      },
      404: { description: t.categories.notFound },
      409: { description: t.categories.inUse },
    },
  }),
];

export const partEndpoints: Endpoint[] = [
  ...parts,
  ...alternativeCodes,
  ...fitments,
  ...categories,
];
