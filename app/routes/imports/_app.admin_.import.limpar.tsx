import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { ConfirmDialog } from "~/components/admin/confirm-delete";
import { clearCatalogue } from "~/models/imports/index.server";
import { dialogRefusal, edgeRefusal } from "~/server/refusal.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { redirectWithToast } from "~/server/toast.server";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.catalogueImport;
const PAGE = "/admin/import";

export const meta: MetaFunction = () => [{ title: `${m.clearTitle} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return null;
}

/** "Sim, Limpar Tudo": removes every part, vehicle and fitment; refused while an import runs. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  let cleared: ReturnType<typeof clearCatalogue>;
  try {
    cleared = clearCatalogue(admin.id);
  } catch (error) {
    // The write lock did not come (another writer held the database): a refusal to try again.
    console.error(m.logClearFailed, error);
    return dialogRefusal(edgeRefusal("busy", m.clearFailed));
  }
  if (!cleared.ok) return dialogRefusal(cleared);
  const { parts, vehicles, fitments } = cleared.value;
  return redirectWithToast(PAGE, {
    type: "success",
    message: m.cleared(parts, vehicles, fitments),
  });
}

export default function ClearCatalogueDialog() {
  const actionData = useActionData<typeof action>();
  return (
    <ConfirmDialog
      title={m.clearTitle}
      message={m.clearText}
      closeTo={PAGE}
      error={actionData?.error}
      cancelLabel={m.clearCancel}
      confirmLabel={m.clearConfirm}
      busyLabel={m.working}
    />
  );
}
