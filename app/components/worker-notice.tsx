import * as messages from "~/messages";

const m = messages.catalogueImport;

/**
 * Says, on the import pages, that an import would not start: jobs go to Redis and no worker is
 * alive, or Redis did not answer. Renders nothing otherwise (the loader's `readWorkerNotice()`).
 */
export function WorkerNotice({ notice }: { notice: "no-worker" | "unknown" | null }) {
  if (!notice) return null;
  return (
    <p
      role="alert"
      data-testid="worker-notice"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
    >
      {notice === "no-worker" ? m.noWorker : m.workersUnknown}
    </p>
  );
}
