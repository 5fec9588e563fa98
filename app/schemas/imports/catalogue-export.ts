import { z } from "zod";
import * as messages from "~/messages";

/** GET /api/export/catalogue.csv?formato=…: which of the export's two files (ADR 0053). */
export const catalogueExportQuerySchema = z.object({
  formato: z
    .enum(["padrao", "excel"], { error: messages.catalogueExport.formatInvalid })
    .default("padrao")
    .describe(messages.catalogueExport.formatParam),
});

export const CSV_VARIANT_BY_FORMAT = { padrao: "standard", excel: "excel" } as const;
