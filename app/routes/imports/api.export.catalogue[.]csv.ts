import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogueCsvChunks } from "~/models/imports/index.server";
import {
  catalogueExportQuerySchema,
  CSV_VARIANT_BY_FORMAT,
} from "~/schemas/imports/catalogue-export";
import { methodNotAllowed } from "~/server/api.server";
import { requireQuery } from "~/server/api-request.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: ["admin"] };

/**
 * GET /api/export/catalogue.csv[?formato=excel] — the whole catalogue in the import's CSV
 * columns, streamed as it is read (memory stays flat on a million parts); importing it gives the
 * same catalogue back (ADR 0053). `formato=excel`: the spreadsheet's file (`;`, BOM).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const { formato } = requireQuery(request, catalogueExportQuerySchema);
  const chunks = catalogueCsvChunks(CSV_VARIANT_BY_FORMAT[formato]);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="catalogo-encaixa-${day}${formato === "excel" ? "-excel" : ""}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

export const action = () => methodNotAllowed();
