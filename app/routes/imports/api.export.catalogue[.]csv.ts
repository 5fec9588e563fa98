import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogueCsvChunks } from "~/models/imports/index.server";
import { methodNotAllowed } from "~/server/api.server";
import { requireApiAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";

export const access: Access = { GET: ["admin"] };

/**
 * GET /api/export/catalogue.csv — the whole catalogue in the import's CSV columns, streamed as
 * it is read (memory stays flat on a million parts); importing it into an empty database gives
 * the same catalogue back.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, access);
  const chunks = catalogueCsvChunks();
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
      "Content-Disposition": `attachment; filename="catalogo-encaixa-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

export const action = () => methodNotAllowed();
