import { z } from "zod";
import { comparisonViewSchema } from "~/api/views/compare";
import { partCodeExtrasSchema } from "~/api/views/part-code";
import { partViewSchema, vehiclePageViewSchema } from "~/api/views/parts";
import {
  exhaustedViewSchema,
  imageSearchViewSchema,
  searchHitViewSchema,
  searchPageViewSchema,
} from "~/api/views/search";
import { vehicleViewSchema } from "~/api/views/vehicles";
import { apiVehicleSearchSchema } from "~/schemas/catalogue/catalogue";
import { partCompareSchema } from "~/schemas/catalogue/part-compare";
import { apiPartsSearchSchema, apiVehiclesByPartSchema } from "~/schemas/search/api-search";
import { imageSearchSchema } from "~/schemas/search/image-search";
import * as messages from "~/messages";
import { pathIdSchema, sample } from "./catalogue-shared";
import { endpoint, type AnswerSpec, type Endpoint } from "./endpoint";
import {
  sampleCompatibleVehicle,
  sampleComparison,
  sampleImageSearch,
  samplePart,
  sampleSearchHit,
  sampleSearchPage,
  sampleVehicle,
} from "./sample-data";

/**
 * The search's /api operations (app/routes/search/api.*.ts): by code, by words, by photo, the
 * comparison of two codes, and the vehicles a part fits.
 */

const t = messages.contractSearch;

/** The 402 of a metered search: the day's credits are spent. */
const exhausted: AnswerSpec = {
  description: t.exhausted,
  data: exhaustedViewSchema,
  example: {
    success: false,
    data: { remaining_searches: 0, resets_at: "2026-11-29T03:00:00.000Z" },
    message: messages.search.exhausted,
  },
};

const comparisonExample = {
  ...sampleComparison,
  verdict: messages.compare.verdict({
    kind: sampleComparison.verdict_kind,
    a: sampleComparison.query.a,
    b: sampleComparison.query.b,
    missing: [],
    categories: [
      sampleComparison.a?.category_name ?? null,
      sampleComparison.b?.category_name ?? null,
    ],
    withoutVehicles: [],
    common: sampleComparison.totals.common_vehicles,
    onlyA: sampleComparison.totals.only_a,
    onlyB: sampleComparison.totals.only_b,
  }),
};

export const searchEndpoints: Endpoint[] = [
  endpoint({
    method: "get",
    path: "/api/parts/search",
    summary: t.search,
    description: `${t.searchDescription}\n\n${t.metered}`,
    tag: t.tag,
    access: "signed-in",
    metered: true,
    query: apiPartsSearchSchema,
    answers: {
      200: {
        description: t.searchFound,
        data: z.array(searchHitViewSchema),
        extra: searchPageViewSchema,
        example: {
          ...sample([sampleSearchHit], messages.search.foundOne),
          ...sampleSearchPage,
        },
      },
      400: { description: t.searchInvalid },
      402: exhausted,
    },
  }),
  endpoint({
    method: "get",
    path: "/api/parts/code/{code}",
    summary: t.byCode,
    description: `${t.byCodeDescription}\n\n${t.metered}`,
    tag: t.tag,
    access: "signed-in",
    metered: true,
    params: z.object({ code: z.string().min(1).max(120) }),
    answers: {
      200: {
        description: t.byCodeFound,
        data: partViewSchema,
        extra: partCodeExtrasSchema,
        example: { ...sample(samplePart, messages.search.foundOne), same_code: [] },
      },
      400: { description: t.byCodeEmpty },
      402: exhausted,
      404: { description: t.byCodeNotFound },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/parts/compare",
    summary: t.compare,
    description: `${t.compareDescription}\n\n${t.metered}`,
    tag: t.tag,
    access: "signed-in",
    metered: true,
    query: partCompareSchema,
    answers: {
      200: {
        description: t.compared,
        data: comparisonViewSchema,
        example: sample(comparisonExample, comparisonExample.verdict),
      },
      400: { description: t.compareInvalid },
      402: exhausted,
    },
  }),
  endpoint({
    method: "post",
    path: "/api/search/image",
    summary: t.image,
    description: `${t.imageDescription}\n\n${t.metered}`,
    tag: t.tag,
    access: "signed-in",
    metered: true,
    multipart: imageSearchSchema,
    answers: {
      200: {
        description: t.imageFound,
        data: imageSearchViewSchema,
        example: sample(sampleImageSearch, messages.search.foundOne),
      },
      400: { description: t.imageInvalid },
      402: exhausted,
      413: { description: t.imageTooLarge },
      429: { description: t.imageBusy },
      503: { description: t.imageUnavailable },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/vehicles/by-part/{partId}",
    summary: t.byPart,
    description: t.byPartDescription,
    tag: messages.contractCatalogue.tags.vehicles,
    access: "signed-in",
    params: z.object({ partId: pathIdSchema }),
    query: apiVehiclesByPartSchema,
    answers: {
      200: {
        description: t.byPartFound,
        data: vehiclePageViewSchema,
        example: sample({
          items: [sampleCompatibleVehicle],
          total: 14,
          page: 1,
          pages: 2,
          per_page: 10,
        }),
      },
      400: { description: t.queryInvalid },
      404: { description: t.byPartNotFound },
    },
  }),
  endpoint({
    method: "get",
    path: "/api/vehicles/search",
    summary: t.vehicleSearch,
    description: t.vehicleSearchDescription,
    tag: messages.contractCatalogue.tags.vehicles,
    access: ["admin"],
    query: apiVehicleSearchSchema,
    answers: {
      200: {
        description: t.vehicleSearchFound,
        data: z.array(vehicleViewSchema),
        extra: z.object({ total: z.int() }),
        example: { ...sample([sampleVehicle]), total: 1 },
      },
      400: { description: t.queryInvalid },
    },
  }),
];
