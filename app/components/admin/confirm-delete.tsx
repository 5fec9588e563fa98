import { Form, Link } from "@remix-run/react";
import { RouteDialog } from "~/components/route-dialog";
import { useIsSubmitting } from "~/components/hooks";
import { messages } from "~/utils/messages";

/**
 * The confirmation before destroying something, as a route: a POST form with `intent=delete`
 * that works without JavaScript; `error` shows why the server refused.
 */
export function ConfirmDeleteDialog({
  title,
  message,
  closeTo,
  error,
}: {
  title: string;
  message: string;
  closeTo: string;
  error?: string | null;
}) {
  const busy = useIsSubmitting();
  const a = messages.admin;
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <p className="text-slate-700">{message}</p>
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
          {a.cancel}
        </Link>
        <button
          type="submit"
          name="intent"
          value="delete"
          className="btn bg-red-600 text-white hover:bg-red-700"
          disabled={busy}
        >
          {busy ? a.deleting : a.confirmDelete}
        </button>
      </Form>
    </RouteDialog>
  );
}
