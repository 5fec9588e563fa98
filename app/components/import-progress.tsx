import { Form, useNavigation } from "@remix-run/react";
import * as messages from "~/messages";

/** The pieces both import progress pages share (catalogue and FIPE): badge, controls, log. */

const STATUS_STYLES: Record<string, string> = {
  idle: "bg-slate-100 text-slate-800",
  running: "bg-blue-100 text-blue-800",
  paused: "bg-amber-100 text-amber-900",
  completed: "bg-emerald-100 text-emerald-800",
  error: "bg-red-100 text-red-800",
  cancelled: "bg-slate-200 text-slate-800",
  interrupted: "bg-orange-100 text-orange-900",
};

export function ImportStatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-sm ${STATUS_STYLES[status] ?? STATUS_STYLES.idle}`}
      data-testid="import-status"
    >
      {label}
    </span>
  );
}

const TONES = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  danger: "btn bg-red-600 text-white hover:bg-red-700",
} as const;

/** One control of an import as its own form post (works without JavaScript). */
export function ImportControlButton({
  intent,
  label,
  jobId,
  tone = "secondary",
}: {
  intent: string;
  label: string;
  jobId?: number;
  tone?: keyof typeof TONES;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" preventScrollReset>
      {jobId !== undefined && <input type="hidden" name="jobId" value={jobId} />}
      <button type="submit" name="intent" value={intent} className={TONES[tone]} disabled={busy}>
        {busy ? messages.catalogueImport.working : label}
      </button>
    </Form>
  );
}

/** The import's log, newest last, in a scrollable card about 24rem high. */
export function ImportLog({ title, lines }: { title: string; lines: string[] }) {
  return (
    <section className="card p-5" aria-labelledby="import-log">
      <h2 id="import-log" className="font-semibold">
        {title}
      </h2>
      <ol
        tabIndex={0}
        aria-labelledby="import-log"
        className="mt-2 max-h-96 space-y-1 overflow-y-auto font-mono text-xs text-slate-800"
        data-testid="import-log"
      >
        {lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ol>
    </section>
  );
}
