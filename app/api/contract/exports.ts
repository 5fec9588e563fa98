import * as messages from "~/messages";
import { catalogueExportQuerySchema } from "~/schemas/imports/catalogue-export";
import { endpoint, type Endpoint } from "./endpoint";

const m = messages.catalogueExport;

/** The catalogue's CSV export (ADR 0053): a file, not the JSON envelope. */
export const exportsEndpoints: Endpoint[] = [
  endpoint({
    method: "get",
    path: "/api/export/catalogue.csv",
    tag: m.tag,
    summary: m.summary,
    description: m.description,
    access: ["admin"],
    query: catalogueExportQuerySchema,
    answers: { 200: { description: m.answer, mediaType: "text/csv" } },
  }),
];
