import { Form, Link } from "@remix-run/react";
import { RouteDialog } from "~/components/route-dialog";
import { useIsSubmitting } from "~/components/hooks";
import * as messages from "~/messages";

/**
 * A confirmation before a destructive step, as a route: `message`, a way back (`cancelLabel`) and
 * a red POST button that works without JavaScript (`intent` names it, when given); `error` shows
 * why the server refused, and without `canConfirm` only the way back is left.
 */
export function ConfirmDialog({
  title,
  message,
  closeTo,
  error,
  cancelLabel,
  confirmLabel,
  busyLabel = confirmLabel,
  intent,
  canConfirm = true,
}: {
  title: string;
  message?: string | null;
  closeTo: string;
  error?: string | null;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel?: string;
  intent?: string;
  canConfirm?: boolean;
}) {
  const busy = useIsSubmitting();
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      {message && <p className="text-slate-700">{message}</p>}
      {error && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {error}
        </p>
      )}
      <Form method="post" className="mt-6 flex justify-end gap-2">
        <Link to={closeTo} className="btn-secondary" preventScrollReset>
          {cancelLabel}
        </Link>
        {canConfirm && (
          <button
            type="submit"
            {...(intent ? { name: "intent", value: intent } : {})}
            className="btn bg-red-600 text-white hover:bg-red-700"
            disabled={busy}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        )}
      </Form>
    </RouteDialog>
  );
}

/** The confirmation before destroying something: a POST with `intent=delete`. */
export function ConfirmDeleteDialog(props: {
  title: string;
  message: string;
  closeTo: string;
  error?: string | null;
}) {
  const a = messages.admin;
  return (
    <ConfirmDialog
      {...props}
      cancelLabel={a.cancel}
      confirmLabel={a.confirmDelete}
      busyLabel={a.deleting}
      intent="delete"
    />
  );
}
